#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A struct model's members, listed by its ``SceneModel/members(into:)`` in the key order of
/// its JSON form, as an `Encodable` type lists its own:
///
/// ```swift
/// func members(into model: inout ModelMembers) {
///     model.add("count", .number(count))
///     model.add("selection/id", .string(selected))   // `id` in the object `selection`
///     model.add("selection/title", .string(title))
/// }
/// ```
///
/// The engine keeps the last render's list. When a render's model differs, it lists the new
/// one and compares the two member by member: a changed member is one operation, and no JSON
/// tree is built. Lists whose keys differ (an object member that was null and is now an object)
/// are diffed as JSON, so the operations are always those of a JSON diff of the two forms.
public struct ModelMembers: Sendable {
    /// One member. (A struct, not a tuple: an array of tuples is destroyed through the
    /// runtime's generic tuple code, several times slower.)
    @usableFromInline struct Entry: Sendable {
        @usableFromInline let key: StaticString
        @usableFromInline let value: JSON
        @inlinable init(_ key: StaticString, _ value: JSON) { self.key = key; self.value = value }
    }

    @usableFromInline var entries: [Entry] = []

    public init() {}

    /// An empty list with room for `capacity` members.
    @inlinable init(capacity: Int) { entries.reserveCapacity(capacity) }

    /// Adds the member `key` with `value`.
    ///
    /// - `key` is a literal. A `/` in it names a member of an object member: `counts/hoos` is
    ///   `hoos` in the object `counts`. The members of one object come one after another.
    /// - Keys come in the canonical order of the JSON form (by UTF-8 bytes, level by level) and
    ///   need no escaping (no `~`, `"`, `\` or control character).
    /// - An object member that is null is added as `null` under its own key (`selection`).
    @inlinable public mutating func add(_ key: StaticString, _ value: JSON) {
        entries.append(Entry(key, value))
    }

    /// The JSON form: the members with their objects nested.
    public var json: JSON {
        if entries.count == 1 && entries[0].key.utf8CodeUnitCount == 0 { return entries[0].value }  // a JSON model
        let paths = entries.map { $0.key.description.split(separator: "/", omittingEmptySubsequences: false).map(String.init) }
        return .object(ModelMembers.object(paths, entries.map(\.value), 0..<entries.count, depth: 0))
    }

    /// The object of the members in `range`, which all lie at least `depth` levels down.
    static func object(_ paths: [[String]], _ values: [JSON], _ range: Range<Int>, depth: Int) -> JSONObject {
        var keys: [String] = [], members: [JSON] = []
        var i = range.lowerBound
        while i < range.upperBound {
            let name = paths[i][depth]
            if paths[i].count == depth + 1 {
                keys.append(name)
                members.append(values[i])
                i += 1
                continue
            }
            var end = i + 1
            while end < range.upperBound && paths[end].count > depth + 1 && paths[end][depth] == name { end += 1 }
            keys.append(name)
            members.append(.object(object(paths, values, i..<end, depth: depth + 1)))
            i = end
        }
        assert(zip(keys, keys.dropFirst()).allSatisfy { canonicalKeyPrecedes($0, $1) },
               "model members must come in canonical key order, each once: \(keys)")
        return JSONObject(unsortedKeys: keys, values: members)
    }

    /// Appends the operations that turn `old`'s JSON form into this list's, for a model at
    /// `path`: the operations a JSON diff of the two forms gives.
    @usableFromInline package func diff(from old: ModelMembers, path: PatchPath, into patch: inout PatchWriter) {
        let count = entries.count
        let sameKeys = old.entries.count == count && entries.withUnsafeBufferPointer { new in
            old.entries.withUnsafeBufferPointer { was in
                for k in 0..<count where !ModelMembers.same(was[k].key, new[k].key) { return false }
                return true
            }
        }
        guard sameKeys else {
            JSONPatch.diff(old.json, json, path: path, into: &patch)
            return
        }
        entries.withUnsafeBufferPointer { new in
            old.entries.withUnsafeBufferPointer { was in
                for k in 0..<count where was[k].value != new[k].value {
                    let key = new[k].key
                    if case .object = was[k].value, case .object = new[k].value {
                        // Two objects: diffed member by member, as a JSON diff descends into them.
                        let memberPath = key.utf8CodeUnitCount == 0 ? path : PatchPath(path.pointer + "/" + key.description)
                        JSONPatch.diff(was[k].value, new[k].value, path: memberPath, into: &patch)
                    } else if key.utf8CodeUnitCount == 0 {
                        patch.append("replace", path, new[k].value)
                    } else {
                        patch.append("replace", path, member: key, new[k].value)
                    }
                }
            }
        }
    }

    /// Whether two keys are the same bytes (the same literal, usually: the same address).
    static func same(_ a: StaticString, _ b: StaticString) -> Bool {
        if a.hasPointerRepresentation && b.hasPointerRepresentation && a.utf8Start == b.utf8Start {
            return a.utf8CodeUnitCount == b.utf8CodeUnitCount
        }
        return a.withUTF8Buffer { x in
            b.withUTF8Buffer { y in
                x.count == y.count && (x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0)
            }
        }
    }
}
