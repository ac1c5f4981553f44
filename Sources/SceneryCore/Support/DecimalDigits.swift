/// A whole number's decimal text (`-` first for negatives), written into a small buffer of its
/// own: the one place the project turns integers into ASCII, for JSON numbers
/// (``CanonicalJSON``) and for ids (``ASCIIText``), without going through `String`.
struct DecimalDigits {
    /// 24 bytes: a sign and the 20 digits of the largest `UInt64` fit.
    private var storage: (UInt64, UInt64, UInt64) = (0, 0, 0)
    /// Where the text starts in `storage` (it ends at the last byte).
    private var start = 24

    /// The digits of `magnitude`, after a `-` when `negative`.
    init(magnitude: UInt64, negative: Bool = false) {
        var start = 24
        withUnsafeMutableBytes(of: &storage) { raw in
            var value = magnitude
            repeat {
                start -= 1
                raw[start] = UInt8(value % 10) + 0x30
                value /= 10
            } while value > 0
            if negative { start -= 1; raw[start] = UInt8(ascii: "-") }
        }
        self.start = start
    }

    /// The text of `number`, as `String(number)` writes it.
    init(_ number: Int) { self.init(magnitude: UInt64(number.magnitude), negative: number < 0) }

    /// Runs `body` with the text's bytes.
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        withUnsafeBytes(of: storage) { raw in
            body(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[start...]))
        }
    }
}
