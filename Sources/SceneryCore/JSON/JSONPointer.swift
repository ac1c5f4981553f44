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

    /// `base` followed by `/` and the escaped `token`: the pointer to a member of what `base`
    /// points to, built in one allocation.
    public static func child(_ base: String, _ token: String) -> String {
        joined(base, "/", token)
    }

    /// `base` (an escaped pointer), then `separator`, then `token` escaped: written into one
    /// new string's storage, the bytes copied once.
    public static func joined(_ base: String, _ separator: StaticString, _ token: String) -> String {
        var base = base, token = token
        if token.withUTF8(needsEscape) { token = escape(token) }
        return base.withUTF8 { head in
            token.withUTF8 { tail in
                let middle = separator.utf8CodeUnitCount
                return String(unsafeUninitializedCapacity: head.count + middle + tail.count) { buffer in
                    let start = buffer.baseAddress!
                    if let h = head.baseAddress { start.update(from: h, count: head.count) }
                    (start + head.count).update(from: separator.utf8Start, count: middle)
                    if let t = tail.baseAddress { (start + head.count + middle).update(from: t, count: tail.count) }
                    return head.count + middle + tail.count
                }
            }
        }
    }

    /// `base` followed by three tokens, each escaped (`/display/nodes` + `row.1` + `style` +
    /// `background`): the pointer to a member two levels down, in one allocation.
    public static func child(_ base: String, _ first: String, _ second: String, _ third: String) -> String {
        var tokens = (first, second, third)
        if tokens.0.withUTF8(needsEscape) { tokens.0 = escape(tokens.0) }
        if tokens.1.withUTF8(needsEscape) { tokens.1 = escape(tokens.1) }
        if tokens.2.withUTF8(needsEscape) { tokens.2 = escape(tokens.2) }
        var base = base
        return base.withUTF8 { b in tokens.0.withUTF8 { t0 in tokens.1.withUTF8 { t1 in tokens.2.withUTF8 { t2 in
            let total = b.count + 3 + t0.count + t1.count + t2.count
            return String(unsafeUninitializedCapacity: total) { buffer in
                var at = buffer.baseAddress!
                func put(_ part: UnsafeBufferPointer<UInt8>, slash: Bool) {
                    if slash { at.pointee = UInt8(ascii: "/"); at += 1 }
                    if let p = part.baseAddress { at.update(from: p, count: part.count) }
                    at += part.count
                }
                put(b, slash: false)
                put(t0, slash: true)
                put(t1, slash: true)
                put(t2, slash: true)
                return total
            }
        } } } }
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
