/// A short text (an id, an asset name: `hoo.load.1.set.2.hoo.7`) put together from literal
/// pieces, strings and numbers in a 48-byte buffer of its own, then made a `String` once: no allocation
/// on the way, where string interpolation costs several and formats each number through a
/// generic path. A text that outgrows the buffer carries on in a `String`.
public struct ASCIIText {
    private var buffer: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
    private var count = 0
    /// The text so far once it no longer fits the buffer.
    private var spill: String?

    private static let capacity = 48

    public init() {}

    /// Appends the literal `text`.
    public mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append(bytes: $0) }
    }

    /// Appends `text` (a tab's raw value, a set's name), byte for byte.
    public mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append(bytes: $0) }
    }

    /// Appends `number` in decimal (`-` for negatives), as `String(number)` writes it.
    public mutating func append(_ number: Int) {
        DecimalDigits(number).withBytes { append(bytes: $0) }
    }

    private mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        if spill == nil && count + bytes.count <= ASCIIText.capacity {
            let start = count
            withUnsafeMutableBytes(of: &buffer) { raw in
                for (i, byte) in bytes.enumerated() { raw[start + i] = byte }
            }
            count += bytes.count
            return
        }
        if spill == nil { spill = stored }
        spill! += String(decoding: bytes, as: UTF8.self)
    }

    private var stored: String {
        withUnsafeBytes(of: buffer) { String(decoding: UnsafeRawBufferPointer(rebasing: $0[..<count]), as: UTF8.self) }
    }

    /// The text.
    public var string: String { spill ?? stored }
}
