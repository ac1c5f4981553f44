public struct JSONParser {
    /// Default nesting limit of protocol input; the state document itself is about 6 levels deep.
    public static let defaultMaxDepth = 64

    public static func parse(_ bytes: some Collection<UInt8>, maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSON {
        let array = Array(bytes)
        return try array.withUnsafeBufferPointer { (buffer) throws(JSONParseError) -> JSON in
            var parser = Cursor(bytes: buffer, maxDepth: maxDepth)
            parser.skipWhitespace()
            let value = try parser.parseValue(depth: 0)
            parser.skipWhitespace()
            if parser.index < buffer.count {
                throw parser.error(.unexpected("unexpected \(parser.describeByte()) after the JSON value"))
            }
            return value
        }
    }

    /// Parses the one value that starts at `start` in `bytes` (no whitespace before it), as
    /// ``parse(_:maxDepth:)`` would parse it nested `depth` levels deep in a larger document
    /// (inside one object: 1). Returns the value and the index just past it; what follows is
    /// left to the caller.
    public static func parseValue(in bytes: UnsafeBufferPointer<UInt8>, at start: Int, depth: Int,
                                  maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> (value: JSON, end: Int) {
        var parser = Cursor(bytes: bytes, maxDepth: maxDepth)
        parser.index = start
        let value = try parser.parseValue(depth: depth)
        return (value, parser.index)
    }

    public static func parse(_ string: String, maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSON {
        try parse(Array(string.utf8), maxDepth: maxDepth)
    }

    struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        let maxDepth: Int
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
            self.bytes = bytes
            self.maxDepth = maxDepth
        }

        func error(_ reason: JSONParseError.Reason) -> JSONParseError {
            JSONParseError(reason: reason, offset: index)
        }

        func describeByte() -> String {
            guard index < bytes.count else { return "end of input" }
            let byte = bytes[index]
            if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
            return "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x0A, 0x0D, 0x09: index += 1
                default: return
                }
            }
        }

        func checkBadByte() throws(JSONParseError) {
            guard index < bytes.count else { throw error(.unexpectedEnd) }
            if bytes[index] == 0 { throw error(.nulByte) }
            if bytes[index] >= 0x80 {
                // Outside strings only ASCII is valid; report broken UTF-8 as such.
                if !UTF8Check.isValidSequence(bytes, at: index) { throw error(.invalidUTF8) }
            }
        }

        mutating func parseValue(depth: Int) throws(JSONParseError) -> JSON {
            guard index < bytes.count else { throw error(.unexpectedEnd) }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
            case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
            case UInt8(ascii: "\""): return .string(try parseString())
            case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
            case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
            case UInt8(ascii: "n"): try expectLiteral("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
            default:
                try checkBadByte()
                throw error(.unexpected("unexpected \(describeByte())"))
            }
        }

        mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
            let count = literal.utf8CodeUnitCount
            let start = literal.utf8Start
            for i in 0..<count {
                guard index < bytes.count else { throw error(.unexpectedEnd) }
                guard bytes[index] == start[i] else {
                    try checkBadByte()
                    throw error(.unexpected("unexpected \(describeByte())"))
                }
                index += 1
            }
        }

        mutating func parseObject(depth: Int) throws(JSONParseError) -> JSON {
            if depth > maxDepth { throw error(.tooDeep(limit: maxDepth)) }
            index += 1
            var keys: [String] = [], values: [JSON] = []
            keys.reserveCapacity(4)
            values.reserveCapacity(4)
            skipWhitespace()
            if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(JSONObject())
            }
            while true {
                skipWhitespace()
                guard index < bytes.count else { throw error(.unexpectedEnd) }
                guard bytes[index] == UInt8(ascii: "\"") else {
                    try checkBadByte()
                    throw error(.unexpected("expected a string key, found \(describeByte())"))
                }
                let key = try parseString()
                skipWhitespace()
                guard index < bytes.count else { throw error(.unexpectedEnd) }
                guard bytes[index] == UInt8(ascii: ":") else {
                    try checkBadByte()
                    throw error(.unexpected("expected ':', found \(describeByte())"))
                }
                index += 1
                skipWhitespace()
                let value = try parseValue(depth: depth)
                keys.append(key)
                values.append(value)
                skipWhitespace()
                guard index < bytes.count else { throw error(.unexpectedEnd) }
                switch bytes[index] {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "}"): index += 1; return .object(JSONObject(unsortedKeys: keys, values: values))
                default:
                    try checkBadByte()
                    throw error(.unexpected("expected ',' or '}', found \(describeByte())"))
                }
            }
        }

        mutating func parseArray(depth: Int) throws(JSONParseError) -> JSON {
            if depth > maxDepth { throw error(.tooDeep(limit: maxDepth)) }
            index += 1
            var elements: [JSON] = []
            skipWhitespace()
            if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            while true {
                skipWhitespace()
                elements.append(try parseValue(depth: depth))
                skipWhitespace()
                guard index < bytes.count else { throw error(.unexpectedEnd) }
                switch bytes[index] {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "]"): index += 1; return .array(elements)
                default:
                    try checkBadByte()
                    throw error(.unexpected("expected ',' or ']', found \(describeByte())"))
                }
            }
        }


        mutating func parseNumber() throws(JSONParseError) -> Double {
            let start = index
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count else { throw error(.unexpectedEnd) }
            func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
                if index < bytes.count && isDigit(bytes[index]) { throw error(.unexpected("leading zero in a number")) }
            } else if isDigit(bytes[index]) {
                while index < bytes.count && isDigit(bytes[index]) { index += 1 }
            } else {
                throw error(.unexpected("expected a digit, found \(describeByte())"))
            }
            var isInteger = true
            if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
                isInteger = false
                index += 1
                guard index < bytes.count, isDigit(bytes[index]) else { throw error(.unexpected("expected a digit after '.'")) }
                while index < bytes.count && isDigit(bytes[index]) { index += 1 }
            }
            if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
                isInteger = false
                index += 1
                if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index += 1 }
                guard index < bytes.count, isDigit(bytes[index]) else { throw error(.unexpected("expected a digit in the exponent")) }
                while index < bytes.count && isDigit(bytes[index]) { index += 1 }
            }
            // Short integers are the common case (ids, offsets): parse them without a string.
            if isInteger && index - start <= 15 {
                var value: Int64 = 0
                var i = start
                let negative = bytes[i] == UInt8(ascii: "-")
                if negative { i += 1 }
                while i < index { value = value * 10 + Int64(bytes[i] - 0x30); i += 1 }
                return Double(negative ? -value : value)
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            guard let value = Double(text), value.isFinite else {
                throw JSONParseError(reason: .numberOutOfRange, offset: start)
            }
            return value
        }
    }
}
