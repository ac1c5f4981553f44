/// Why a byte sequence is not acceptable JSON, with the byte offset where it went wrong.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        case invalidUTF8
        case nulByte
        case tooDeep(limit: Int)
        case unexpectedEnd
        case unexpected(String)
        case numberOutOfRange
    }
    public let reason: Reason
    public let offset: Int

    public var description: String {
        switch reason {
        case .invalidUTF8: return "invalid UTF-8 at byte \(offset)"
        case .nulByte: return "NUL byte at byte \(offset)"
        case .tooDeep(let limit): return "nesting deeper than \(limit) levels at byte \(offset)"
        case .unexpectedEnd: return "unexpected end of input at byte \(offset)"
        case .unexpected(let what): return "\(what) at byte \(offset)"
        case .numberOutOfRange: return "number out of range at byte \(offset)"
        }
    }
}

/// A strict RFC 8259 parser over bytes.
///
/// It validates UTF-8 as it goes, rejects NUL bytes anywhere, and stops at `maxDepth` nested
/// arrays/objects before recursing further, so hostile input (100k `[`) costs a few bytes of stack.
