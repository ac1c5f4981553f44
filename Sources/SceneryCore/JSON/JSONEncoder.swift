/// Canonical JSON output: keys in code point order (kept so by ``JSONObject``), no whitespace,
/// `/` not escaped, non-ASCII written as UTF-8, and numbers printed one way on every machine:
/// integral values below 2^53 as integers, others in Swift's shortest round-trip form.
public struct CanonicalJSON {
    public static func encode(_ value: JSON) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        write(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static let nullBytes: [UInt8] = Array("null".utf8), trueBytes: [UInt8] = Array("true".utf8), falseBytes: [UInt8] = Array("false".utf8)

    public static func write(_ value: JSON, to out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: nullBytes)
        case .bool(let flag): out.append(contentsOf: flag ? trueBytes : falseBytes)
        case .number(let number): writeNumber(number, to: &out)
        case .string(let string): writeString(string, to: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for i in elements.indices {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                write(elements[i], to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            out.append(UInt8(ascii: "{"))
            let keys = object.keys, values = object.values
            for i in keys.indices {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                writeString(keys[i], to: &out)
                out.append(UInt8(ascii: ":"))
                write(values[i], to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    public static func writeNumber(_ number: Double, to out: inout [UInt8]) {
        if number.rounded() == number && abs(number) < 9_007_199_254_740_992 {
            var value = Int64(number)
            if value == 0 { out.append(UInt8(ascii: "0")); return }
            if value < 0 { out.append(UInt8(ascii: "-")); value = -value }
            var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            var count = 0
            withUnsafeMutableBytes(of: &digits) { buffer in
                while value > 0 {
                    buffer[count] = UInt8(value % 10) + 0x30
                    value /= 10
                    count += 1
                }
                for i in stride(from: count - 1, through: 0, by: -1) { out.append(buffer[i]) }
            }
        } else if number.isFinite {
            out.append(contentsOf: number.description.utf8)
        } else {
            // Not representable in JSON; the engine never produces it, but stay valid.
            out.append(contentsOf: nullBytes)
        }
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    public static func writeString(_ string: String, to out: inout [UInt8]) {
        var string = string
        string.withUTF8 { bytes in
            out.append(UInt8(ascii: "\""))
            var runStart = 0
            for i in 0..<bytes.count {
                let byte = bytes[i]
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
                runStart = i + 1
                out.append(UInt8(ascii: "\\"))
                switch byte {
                case 0x22: out.append(0x22)
                case 0x5C: out.append(0x5C)
                case 0x0A: out.append(UInt8(ascii: "n"))
                case 0x0D: out.append(UInt8(ascii: "r"))
                case 0x09: out.append(UInt8(ascii: "t"))
                case 0x08: out.append(UInt8(ascii: "b"))
                case 0x0C: out.append(UInt8(ascii: "f"))
                default:
                    out.append(contentsOf: [UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
            out.append(UInt8(ascii: "\""))
        }
    }
}

extension JSON: CustomStringConvertible {
    /// The canonical encoding.
    public var description: String { CanonicalJSON.encode(self) }
}

extension CanonicalJSON {
    /// The canonical form spread over lines with two-space indents, for files people read
    /// (the committed schema). Same key order and number format.
    public static func pretty(_ value: JSON, indent: String = "") -> String {
        let inner = indent + "  "
        switch value {
        case .array(let elements) where !elements.isEmpty:
            return "[\n" + elements.map { inner + pretty($0, indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let object) where !object.isEmpty:
            return "{\n" + object.map { inner + encode(.string($0.0)) + ": " + pretty($0.1, indent: inner) }.joined(separator: ",\n") + "\n" + indent + "}"
        default:
            return encode(value)
        }
    }
}
