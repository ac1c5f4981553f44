import SceneryCore

/// The common request read without building it as a JSON object first: `jsonrpc`, `id`,
/// `method` and `params` (in any order, with any whitespace), the id an integer or a plain
/// string, the method a plain string, `params` an object. Only `params` is parsed as JSON.
///
/// Anything else (an escape in a key or a string, a fractional or huge id, a repeated or unknown
/// member, bytes past the object, invalid JSON anywhere) makes ``scan(_:maxDepth:)`` return nil,
/// and the engine parses the line in full, which finds the same request or reports the exact
/// error. So the scan is a shortcut with the full parser's answers, which the tests check.
enum RequestScan {
    /// The request's id, method and params, or nil when the line takes the full parser.
    static func scan(_ line: UnsafeBufferPointer<UInt8>, maxDepth: Int) -> (id: JSON, method: String, params: Params)? {
        var scanner = Scanner(line: line)
        var request = Members()
        scanner.skipWhitespace()
        guard scanner.take(UInt8(ascii: "{")) else { return nil }
        while true {
            scanner.skipWhitespace()
            guard let key = scanner.plainString() else { return nil }
            scanner.skipWhitespace()
            guard scanner.take(UInt8(ascii: ":")) else { return nil }
            scanner.skipWhitespace()
            guard scanner.cursor < line.count, scanner.member(key, into: &request, maxDepth: maxDepth) else { return nil }
            scanner.skipWhitespace()
            if scanner.take(UInt8(ascii: "}")) { break }
            guard scanner.take(UInt8(ascii: ",")) else { return nil }
        }
        scanner.skipWhitespace()
        guard scanner.cursor == line.count, request.version, let id = request.id, let method = request.method else { return nil }
        return (id, method, Params(request.params ?? JSONObject()))
    }

    /// The members read so far.
    struct Members {
        var id: JSON?, method: String?, params: JSONObject?, version = false
    }

    /// A cursor over the line.
    struct Scanner {
        let line: UnsafeBufferPointer<UInt8>
        var cursor = 0

        /// Reads the value of the member `key` into `request`; false when the line takes the full parser.
        mutating func member(_ key: Range<Int>, into request: inout Members, maxDepth: Int) -> Bool {
            if equals(key, "id") {
                guard request.id == nil else { return false }
                if line[cursor] == UInt8(ascii: "\"") {
                    guard let range = plainString() else { return false }
                    request.id = .string(text(range))
                } else {
                    guard let number = integer() else { return false }
                    request.id = .number(number)
                }
            } else if equals(key, "method") {
                guard request.method == nil, let range = plainString() else { return false }
                request.method = text(range)
            } else if equals(key, "params") {
                guard request.params == nil, line[cursor] == UInt8(ascii: "{"),
                      let (value, end) = try? JSONParser.parseValue(in: line, at: cursor, depth: 1, maxDepth: maxDepth),
                      case .object(let object) = value else { return false }
                request.params = object
                cursor = end
            } else if equals(key, "jsonrpc") {
                guard !request.version, let range = plainString(), equals(range, "2.0") else { return false }
                request.version = true
            } else {
                return false
            }
            return true
        }

        @inline(__always)
        mutating func skipWhitespace() {
            while cursor < line.count, line[cursor] == 0x20 || line[cursor] == 0x09 || line[cursor] == 0x0A || line[cursor] == 0x0D {
                cursor += 1
            }
        }

        @inline(__always)
        mutating func take(_ byte: UInt8) -> Bool {
            guard cursor < line.count, line[cursor] == byte else { return false }
            cursor += 1
            return true
        }

        /// A string without escapes, control characters or non-ASCII bytes: the range of its
        /// contents, after which the cursor is past the closing quote.
        mutating func plainString() -> Range<Int>? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = cursor
            while cursor < line.count {
                let byte = line[cursor]
                if byte == UInt8(ascii: "\"") { cursor += 1; return start..<(cursor - 1) }
                if byte < 0x20 || byte >= 0x7F || byte == UInt8(ascii: "\\") { return nil }
                cursor += 1
            }
            return nil
        }

        func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: line[range]), as: UTF8.self) }

        func equals(_ range: Range<Int>, _ literal: StaticString) -> Bool {
            range.count == literal.utf8CodeUnitCount
                && (0..<range.count).allSatisfy { line[range.lowerBound + $0] == literal.utf8Start[$0] }
        }

        /// An integer of at most 15 digits, without a leading zero or a minus zero.
        mutating func integer() -> Double? {
            let negative = take(UInt8(ascii: "-"))
            let start = cursor
            var value = 0
            while cursor < line.count, line[cursor] >= 0x30 && line[cursor] <= 0x39 {
                // Digits past the 15th are counted, not added: such an id takes the full parser,
                // and 19 or more digits would overflow an Int.
                if cursor - start < 15 { value = value * 10 + Int(line[cursor] - 0x30) }
                cursor += 1
            }
            let digits = cursor - start
            guard digits >= 1 && digits <= 15, digits == 1 || line[start] != 0x30, !(negative && value == 0) else { return nil }
            if cursor < line.count, line[cursor] == UInt8(ascii: ".") || line[cursor] | 0x20 == UInt8(ascii: "e") { return nil }
            return Double(negative ? -value : value)
        }
    }
}
