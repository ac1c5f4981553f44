/// Strings: the fast path for those without escapes, and the escapes.
extension JSONParser.Cursor {
    mutating func parseString() throws(JSONParseError) -> String {
        index += 1  // opening quote
        let start = index
        // Fast path: no escapes, ASCII or valid UTF-8 up to the closing quote.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") { return try parseEscapedString(from: start) }
            if byte < 0x20 { throw controlCharacter(byte) }
            if byte >= 0x80 {
                let length = UTF8Check.sequenceLength(bytes, at: index)
                if length == 0 { throw error(.invalidUTF8) }
                index += length
            } else {
                index += 1
            }
        }
        guard index < bytes.count else { throw error(.unexpectedEnd) }
        let string = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        index += 1
        return string
    }

    /// The rest of a string that holds an escape at `index`, its contents starting at `start`.
    mutating func parseEscapedString(from start: Int) throws(JSONParseError) -> String {
        var scalars = Array(bytes[start..<index])
        while true {
            guard index < bytes.count else { throw error(.unexpectedEnd) }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                try parseEscape(into: &scalars)
            default:
                if byte < 0x20 { throw controlCharacter(byte) }
                if byte >= 0x80 {
                    let length = UTF8Check.sequenceLength(bytes, at: index)
                    if length == 0 { throw error(.invalidUTF8) }
                    scalars.append(contentsOf: bytes[index..<index + length])
                    index += length
                } else {
                    scalars.append(byte)
                    index += 1
                }
            }
        }
    }

    /// The escape after a backslash, appended as UTF-8.
    mutating func parseEscape(into scalars: inout [UInt8]) throws(JSONParseError) {
        guard index < bytes.count else { throw error(.unexpectedEnd) }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""): scalars.append(0x22)
        case UInt8(ascii: "\\"): scalars.append(0x5C)
        case UInt8(ascii: "/"): scalars.append(0x2F)
        case UInt8(ascii: "b"): scalars.append(0x08)
        case UInt8(ascii: "f"): scalars.append(0x0C)
        case UInt8(ascii: "n"): scalars.append(0x0A)
        case UInt8(ascii: "r"): scalars.append(0x0D)
        case UInt8(ascii: "t"): scalars.append(0x09)
        case UInt8(ascii: "u"):
            scalars.append(contentsOf: UTF8.encode(try parseUnicodeEscape())!)
        default:
            index -= 1
            // Named by describeByte, never echoed: a NUL or control byte in the message
            // would make the answer one this parser refuses.
            throw error(.unexpected("invalid escape: '\\' followed by \(describeByte())"))
        }
    }

    /// The scalar of `\uXXXX` (after the `u`), a surrogate pair's second half included.
    mutating func parseUnicodeEscape() throws(JSONParseError) -> Unicode.Scalar {
        var code = try parseHex4()
        if (0xD800...0xDBFF).contains(code) {
            // A high surrogate must be followed by an escaped low surrogate.
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw error(.unexpected("unpaired surrogate \\u\(String(code, radix: 16, uppercase: true))"))
            }
            index += 2
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else {
                throw error(.unexpected("unpaired surrogate \\u\(String(code, radix: 16, uppercase: true))"))
            }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(code) {
            throw error(.unexpected("unpaired surrogate \\u\(String(code, radix: 16, uppercase: true))"))
        }
        if code == 0 { throw error(.nulByte) }
        return Unicode.Scalar(code)!
    }

    /// The error of a control byte inside a string.
    func controlCharacter(_ byte: UInt8) -> JSONParseError {
        byte == 0 ? error(.nulByte) : error(.unexpected("control character 0x\(String(byte, radix: 16, uppercase: true)) in a string"))
    }

    mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error(.unexpectedEnd) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error(.unexpected("invalid \\u escape"))
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
