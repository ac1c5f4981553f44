/// UTF-8 well-formedness per Unicode Table 3-7 (no overlongs, no surrogates, at most U+10FFFF).
public enum UTF8Check {
    /// Length of the valid sequence starting at `index`, or 0 when it is not valid UTF-8.
    @inlinable
    public static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let b0 = bytes[index]
        let remaining = bytes.count - index
        func cont(_ offset: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            offset < remaining && bytes[index + offset] >= low && bytes[index + offset] <= high
        }
        switch b0 {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return cont(1) ? 2 : 0
        case 0xE0: return cont(1, 0xA0) && cont(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return cont(1) && cont(2) ? 3 : 0
        case 0xED: return cont(1, 0x80, 0x9F) && cont(2) ? 3 : 0
        case 0xF0: return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0
        case 0xF1...0xF3: return cont(1) && cont(2) && cont(3) ? 4 : 0
        case 0xF4: return cont(1, 0x80, 0x8F) && cont(2) && cont(3) ? 4 : 0
        default: return 0
        }
    }

    @inlinable
    public static func isValidSequence(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        sequenceLength(bytes, at: index) > 0
    }

    /// The offset of the first invalid byte, or nil when all of `bytes` is valid UTF-8.
    public static func firstInvalidOffset(_ bytes: some Collection<UInt8>) -> Int? {
        let array = Array(bytes)
        return array.withUnsafeBufferPointer { buffer in
            var index = 0
            while index < buffer.count {
                if buffer[index] < 0x80 { index += 1; continue }
                let length = sequenceLength(buffer, at: index)
                if length == 0 { return index }
                index += length
            }
            return nil
        }
    }
}
