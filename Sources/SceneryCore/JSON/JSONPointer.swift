/// An RFC 6901 JSON Pointer, parsed into reference tokens.
public struct JSONPointer: Equatable, Sendable, CustomStringConvertible {
    public let tokens: [String]

    public init(tokens: [String]) { self.tokens = tokens }

    /// Parses `"/a/b~1c"`; the empty string is the whole document.
    public init(_ text: String) throws(JSONPatchError) {
        if text.isEmpty { tokens = []; return }
        guard text.hasPrefix("/") else { throw .invalidPointer(text) }
        tokens = text.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
            JSONPointer.unescape(String($0))
        }
    }

    /// Whether a token's bytes hold `~` or `/`, which a pointer escapes.
    static func needsEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where byte == UInt8(ascii: "~") || byte == UInt8(ascii: "/") { return true }
        return false
    }

    public static func escape(_ token: String) -> String {
        var token = token
        guard token.withUTF8(needsEscape) else { return token }
        return token.replacingAll("~", with: "~0").replacingAll("/", with: "~1")
    }

    static func unescape(_ token: String) -> String {
        guard token.utf8.contains(UInt8(ascii: "~")) else { return token }
        return token.replacingAll("~1", with: "/").replacingAll("~0", with: "~")
    }

    public var description: String { tokens.map { "/" + JSONPointer.escape($0) }.joined() }

    /// The array index a token names: digits without a leading zero.
    static func arrayIndex(_ token: String) -> Int? {
        guard !token.isEmpty, token.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        if token.utf8.count > 1 && token.utf8.first == 0x30 { return nil }
        return Int(token)
    }
}

extension String {
    /// Plain substring replacement without Foundation.
    func replacingAll(_ target: String, with replacement: String) -> String {
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        result += rest
        return result
    }
}
