/// Small builders for the JSON Schema fragments that method descriptions carry.
public enum SchemaBuilder {
    public static func object(_ properties: [(String, JSON)], required: [String] = [], additional: Bool = false) -> JSON {
        var object = JSONObject()
        object["type"] = "object"
        object["properties"] = .object(JSONObject(properties))
        if !required.isEmpty { object["required"] = .array(required.map(JSON.string)) }
        object["additionalProperties"] = .bool(additional)
        return .object(object)
    }

    public static func integer(_ description: String, minimum: Int? = nil, maximum: Int? = nil) -> JSON {
        var object = JSONObject()
        object["type"] = "integer"
        object["description"] = .string(description)
        if let minimum { object["minimum"] = .number(Double(minimum)) }
        if let maximum { object["maximum"] = .number(Double(maximum)) }
        return .object(object)
    }

    public static func number(_ description: String) -> JSON { ["type": "number", "description": .string(description)] }
    public static func string(_ description: String) -> JSON { ["type": "string", "description": .string(description)] }
    public static func boolean(_ description: String) -> JSON { ["type": "boolean", "description": .string(description)] }
    public static func choice(_ values: [String], _ description: String) -> JSON {
        ["type": "string", "enum": .array(values.map(JSON.string)), "description": .string(description)]
    }
    public static func ref(_ name: String) -> JSON { ["$ref": .string("#/$defs/\(name)")] }

    /// Exactly one of the given groups of members must be present.
    public static func oneOf(_ groups: [[String]]) -> JSON {
        .array(groups.map { group in ["required": .array(group.map(JSON.string))] })
    }

    /// `{rev, patch}`: the result of every state-changing method, plus `extra` members.
    public static func change(_ extra: [(String, JSON)] = [], required: [String] = []) -> JSON {
        object([("rev", ref("rev")), ("patch", ref("patch"))] + extra, required: ["rev", "patch"] + required)
    }

    /// Adds `key: value` to an object schema.
    public static func with(_ schema: JSON, _ key: String, _ value: JSON) -> JSON {
        guard case .object(var object) = schema else { return schema }
        object[key] = value
        return .object(object)
    }
}
