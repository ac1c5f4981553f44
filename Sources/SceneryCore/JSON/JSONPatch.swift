/// Why a JSON Patch could not be applied.
public enum JSONPatchError: Error, Equatable, Sendable {
    case invalidPointer(String)
    case invalidOperation(String)
    case pathNotFound(String)
    case testFailed(String)
}

/// RFC 6902 JSON Patch: the minimal diff the engine sends, and an applier for tests and replay.
public enum JSONPatch {
    /// The operations that turn `old` into `new`.
    ///
    /// Objects are compared member by member, so a change deep in one node is one small operation
    /// on that node's path. Arrays and scalars that differ are replaced whole: the arrays in the
    /// state document are short (a frame, a handful of text runs), so a replace is smaller than
    /// element-wise operations and never depends on positions shifting.
    public static func diff(from old: JSON, to new: JSON) -> [JSON] {
        var patch = PatchWriter()
        diff(old, new, path: PatchPath(""), into: &patch)
        return patch.operations
    }

    /// Appends the operations that turn `old` into `new`, for values found at `path` (a JSON
    /// Pointer, already escaped) in a larger document.
    public static func diff(_ old: JSON, _ new: JSON, path: String, into operations: inout [JSON]) {
        var patch = PatchWriter()
        diff(old, new, path: PatchPath(path), into: &patch)
        operations += patch.operations
    }

    /// The same, written into `patch`.
    public static func diff(_ old: JSON, _ new: JSON, path: PatchPath, into patch: inout PatchWriter) {
        if case .object(let a) = old, case .object(let b) = new {
            diffObjects(a, b, path: path, into: &patch)
        } else if old != new {
            patch.append("replace", path, new)
        }
    }

    static func diffObjects(_ a: JSONObject, _ b: JSONObject, path: PatchPath, into patch: inout PatchWriter) {
        var i = 0, j = 0
        let aKeys = a.keys, bKeys = b.keys
        let aValues = a.values, bValues = b.values
        if aKeys == bKeys {
            // The same members (the common case: a model or a style built the same way): only
            // values can differ.
            for k in aValues.indices where aValues[k] != bValues[k] {
                diff(aValues[k], bValues[k], path: path.child(aKeys[k]), into: &patch)
            }
            return
        }
        while i < aKeys.count || j < bKeys.count {
            if j == bKeys.count || (i < aKeys.count && canonicalKeyPrecedes(aKeys[i], bKeys[j])) {
                patch.append("remove", path.child(aKeys[i]), nil)
                i += 1
            } else if i == aKeys.count || aKeys[i] != bKeys[j] {
                patch.append("add", path.child(bKeys[j]), bValues[j])
                j += 1
            } else {
                if aValues[i] != bValues[j] {
                    diff(aValues[i], bValues[j], path: path.child(aKeys[i]), into: &patch)
                }
                i += 1
                j += 1
            }
        }
    }

    /// Applies `patch` to `document`; atomically, since `document` is a value.
    public static func apply(_ patch: JSON, to document: JSON) throws(JSONPatchError) -> JSON {
        guard case .array(let operations) = patch else { throw .invalidOperation("a patch must be an array") }
        var result = document
        for operation in operations {
            try apply(operation: operation, to: &result)
        }
        return result
    }

    static func apply(operation: JSON, to document: inout JSON) throws(JSONPatchError) {
        guard case .object(let fields) = operation else { throw .invalidOperation("an operation must be an object") }
        guard case .string(let op)? = fields["op"] else { throw .invalidOperation("missing \"op\"") }
        guard case .string(let pathText)? = fields["path"] else { throw .invalidOperation("missing \"path\"") }
        let path = try JSONPointer(pathText)
        func requiredValue() throws(JSONPatchError) -> JSON {
            guard let value = fields["value"] else { throw .invalidOperation("\(op) needs \"value\"") }
            return value
        }
        func fromPointer() throws(JSONPatchError) -> JSONPointer {
            guard case .string(let from)? = fields["from"] else { throw .invalidOperation("\(op) needs \"from\"") }
            return try JSONPointer(from)
        }
        switch op {
        case "add": try add(try requiredValue(), at: path.tokens[...], in: &document)
        case "remove": _ = try remove(at: path.tokens[...], in: &document)
        case "replace":
            let value = try requiredValue()
            if path.tokens.isEmpty { document = value; return }
            _ = try remove(at: path.tokens[...], in: &document)
            try add(value, at: path.tokens[...], in: &document)
        case "move":
            let from = try fromPointer()
            if from == path { return }
            if path.tokens.count > from.tokens.count && Array(path.tokens.prefix(from.tokens.count)) == from.tokens {
                throw .invalidOperation("cannot move \(from) into its own child \(path)")
            }
            let value = try remove(at: from.tokens[...], in: &document)
            try add(value, at: path.tokens[...], in: &document)
        case "copy":
            let value = try value(at: try fromPointer().tokens[...], in: document)
            try add(value, at: path.tokens[...], in: &document)
        case "test":
            let expected = try requiredValue()
            guard try value(at: path.tokens[...], in: document) == expected else { throw .testFailed(pathText) }
        default:
            throw .invalidOperation("unknown op \"\(op)\"")
        }
    }

    static func value(at tokens: ArraySlice<String>, in document: JSON) throws(JSONPatchError) -> JSON {
        guard let token = tokens.first else { return document }
        switch document {
        case .object(let object):
            guard let child = object[token] else { throw .pathNotFound(token) }
            return try value(at: tokens.dropFirst(), in: child)
        case .array(let elements):
            guard let index = JSONPointer.arrayIndex(token), index < elements.count else { throw .pathNotFound(token) }
            return try value(at: tokens.dropFirst(), in: elements[index])
        default:
            throw .pathNotFound(token)
        }
    }

    static func add(_ value: JSON, at tokens: ArraySlice<String>, in document: inout JSON) throws(JSONPatchError) {
        guard let token = tokens.first else { document = value; return }
        let rest = tokens.dropFirst()
        switch document {
        case .object(var object):
            if rest.isEmpty {
                object[token] = value
            } else {
                guard var child = object[token] else { throw .pathNotFound(token) }
                try add(value, at: rest, in: &child)
                object[token] = child
            }
            document = .object(object)
        case .array(var elements):
            if rest.isEmpty {
                if token == "-" {
                    elements.append(value)
                } else {
                    guard let index = JSONPointer.arrayIndex(token), index <= elements.count else { throw .pathNotFound(token) }
                    elements.insert(value, at: index)
                }
            } else {
                guard let index = JSONPointer.arrayIndex(token), index < elements.count else { throw .pathNotFound(token) }
                try add(value, at: rest, in: &elements[index])
            }
            document = .array(elements)
        default:
            throw .pathNotFound(token)
        }
    }

    static func remove(at tokens: ArraySlice<String>, in document: inout JSON) throws(JSONPatchError) -> JSON {
        guard let token = tokens.first else { throw .invalidOperation("cannot remove the whole document") }
        let rest = tokens.dropFirst()
        switch document {
        case .object(var object):
            let removed: JSON
            if rest.isEmpty {
                guard let value = object.removeValue(forKey: token) else { throw .pathNotFound(token) }
                removed = value
            } else {
                guard var child = object[token] else { throw .pathNotFound(token) }
                removed = try remove(at: rest, in: &child)
                object[token] = child
            }
            document = .object(object)
            return removed
        case .array(var elements):
            guard let index = JSONPointer.arrayIndex(token), index < elements.count else { throw .pathNotFound(token) }
            let removed = rest.isEmpty ? elements.remove(at: index) : try remove(at: rest, in: &elements[index])
            document = .array(elements)
            return removed
        default:
            throw .pathNotFound(token)
        }
    }
}
