/// The `params` object of a request, with typed accessors whose errors name the field and the
/// expected type (`params.offsetY: expected a number, got "10"`).
public struct Params: Sendable {
    public let object: JSONObject
    /// The prefix used in messages: `params` or `params.viewport`.
    public let path: String

    public init(_ object: JSONObject, path: String = "params") {
        self.object = object
        self.path = path
    }

    public func has(_ key: String) -> Bool {
        guard let value = object[key] else { return false }
        return value != .null
    }

    func fail(_ key: String, _ expected: String, _ got: JSON) -> RPCError {
        .invalidParams("\(path).\(key): expected \(expected), got \(Params.describe(got))")
    }

    /// A short rendering of a bad value for messages: its type, and the value when it is short.
    public static func describe(_ value: JSON) -> String {
        switch value {
        case .string(let s) where s.utf8.count <= 40: return "\(JSON.string(s))"
        case .number, .bool, .null: return value.description
        default: return value.typeName
        }
    }

    /// Rejects members not in `allowed`, so a typo is an error rather than silently ignored.
    public func allowOnly(_ allowed: [String]) throws(RPCError) {
        for key in object.keys where !allowed.contains(where: { canonicalKeyEquals($0, key) }) {
            if allowed.isEmpty { throw .invalidParams("\(path).\(key): unknown parameter; this method takes no parameters") }
            throw .invalidParams("\(path).\(key): unknown parameter; expected one of \(allowed.sorted().joined(separator: ", "))")
        }
    }

    public func optionalNumber(_ key: String) throws(RPCError) -> Double? {
        guard let value = object[key], value != .null else { return nil }
        guard case .number(let number) = value else { throw fail(key, "a number", value) }
        return number
    }

    public func number(_ key: String) throws(RPCError) -> Double {
        guard let value = try optionalNumber(key) else { throw .invalidParams("\(path).\(key): required number is missing") }
        return value
    }

    public func optionalInt(_ key: String, range: ClosedRange<Int>? = nil) throws(RPCError) -> Int? {
        guard let value = object[key], value != .null else { return nil }
        guard case .number(let number) = value, number.rounded() == number, abs(number) < 9e15 else {
            throw fail(key, range.map { "an integer from \($0.lowerBound) to \($0.upperBound)" } ?? "an integer", value)
        }
        let int = Int(number)
        if let range, !range.contains(int) {
            throw fail(key, "an integer from \(range.lowerBound) to \(range.upperBound)", value)
        }
        return int
    }

    public func optionalString(_ key: String) throws(RPCError) -> String? {
        guard let value = object[key], value != .null else { return nil }
        guard case .string(let string) = value else { throw fail(key, "a string", value) }
        return string
    }

    public func string(_ key: String) throws(RPCError) -> String {
        guard let value = try optionalString(key) else { throw .invalidParams("\(path).\(key): required string is missing") }
        return value
    }

    public func optionalBool(_ key: String) throws(RPCError) -> Bool? {
        guard let value = object[key], value != .null else { return nil }
        guard case .bool(let flag) = value else { throw fail(key, "true or false", value) }
        return flag
    }

    public func optionalObject(_ key: String) throws(RPCError) -> Params? {
        guard let value = object[key], value != .null else { return nil }
        guard case .object(let nested) = value else { throw fail(key, "an object", value) }
        return Params(nested, path: "\(path).\(key)")
    }

    /// A string that must be one of `choices`.
    public func optionalChoice(_ key: String, _ choices: [String]) throws(RPCError) -> String? {
        guard let value = object[key], value != .null else { return nil }
        guard case .string(let string) = value, choices.contains(string) else {
            throw fail(key, "one of " + choices.map { "\"\($0)\"" }.joined(separator: ", "), value)
        }
        return string
    }
}
