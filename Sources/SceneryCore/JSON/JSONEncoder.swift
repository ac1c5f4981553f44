/// Canonical JSON output: keys in code point order (kept so by ``JSONObject``), no whitespace,
/// `/` not escaped, non-ASCII written as UTF-8, and numbers printed one way on every machine:
/// integral values below 2^53 as integers, others in Swift's shortest round-trip form.
public struct CanonicalJSON {
    public static func encode(_ value: JSON) -> String {
        var bytes: [UInt8] = []
        write(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `value`'s canonical encoding to `out`.
    public static func write(_ value: JSON, to out: inout [UInt8]) {
        withWriter(into: &out) { $0.write(value) }
    }

    /// Appends a JSON-RPC result line's object, `{"id":…,"jsonrpc":"2.0","result":…}`, to `out`:
    /// the same bytes as encoding that object, without building it.
    public static func writeResult(id: JSON, result: JSONObject, to out: inout [UInt8]) {
        withWriter(into: &out) { writer in
            writer.ascii("{\"id\":")
            writer.write(id)
            writer.ascii(",\"jsonrpc\":\"2.0\",\"result\":")
            writer.write(.object(result))
            writer.byte(UInt8(ascii: "}"))
        }
    }

    /// Runs `body` with a writer into a KiB on the stack (Swift keeps temporary allocations of
    /// up to 1 KiB there) that is emptied into `out` whenever it fills and at the end: a long
    /// line costs appends to `out`, never a second heap buffer.
    static func withWriter(into out: inout [UInt8], _ body: (inout ByteWriter) -> Void) {
        withUnsafeMutablePointer(to: &out) { sink in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024) { scratch in
                var writer = ByteWriter(scratch: scratch, sink: sink)
                defer { writer.release() }
                body(&writer)
                writer.flush()
            }
        }
    }

    public static func writeNumber(_ number: Double, to out: inout [UInt8]) {
        write(.number(number), to: &out)
    }

    public static func writeString(_ string: String, to out: inout [UInt8]) {
        write(.string(string), to: &out)
    }

    /// Whether any of the eight bytes is below 0x20, `"` or `\\` (bit tricks on the whole word).
    @inline(__always)
    static func needsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ x: UInt64) -> Bool { (x &- ones) & ~x & highs != 0 }
        let below20 = (word &- ones &* 0x20) & ~word & highs != 0
        return below20 || hasZero(word ^ (ones &* 0x22)) || hasZero(word ^ (ones &* 0x5C))
    }

    /// Whether any of the eight bytes is `~` or `/`, which a JSON Pointer token escapes.
    @inline(__always)
    static func needsTokenEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ x: UInt64) -> Bool { (x &- ones) & ~x & highs != 0 }
        return hasZero(word ^ (ones &* 0x7E)) || hasZero(word ^ (ones &* 0x2F))
    }

    /// Whether any of `count` bytes at `bytes` needs escaping in a JSON string (or, with
    /// `orTokenEscape`, in a JSON Pointer token): eight at a time, the last few through a
    /// padded word (a zero byte would count as a control character, so the padding is filled
    /// with spaces instead).
    @inline(__always)
    static func anyNeedsEscape(_ bytes: UnsafePointer<UInt8>, _ count: Int, orTokenEscape: Bool = false) -> Bool {
        let raw = UnsafeRawPointer(bytes)
        func special(_ word: UInt64) -> Bool { needsEscape(word) || (orTokenEscape && needsTokenEscape(word)) }
        var offset = 0
        while offset + 8 <= count {
            if special(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) { return true }
            offset += 8
        }
        let rest = count - offset
        if rest == 0 { return false }
        if count >= 8 { return special(raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)) }
        var word: UInt64 = 0x2020_2020_2020_2020
        withUnsafeMutableBytes(of: &word) { $0.baseAddress!.copyMemory(from: raw + offset, byteCount: rest) }
        return special(word)
    }

    static let hex: [UInt8] = Array("0123456789abcdef".utf8)
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
