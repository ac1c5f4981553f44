#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A JSON value: the one data type of the wire protocol and of the state document.
///
/// Objects keep their keys sorted (see ``JSONObject``), so encoding is canonical without a sort
/// step and two documents can be diffed with a single merge walk.
public enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object(JSONObject)
    /// A value already encoded in canonical form, written out as is: the engine's patches go
    /// into responses this way (see ``PatchWriter``). The parser never produces it.
    case raw(RawJSON)

    /// The member `key` of an object, or `nil` for a missing key or a non-object.
    public subscript(key: String) -> JSON? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// A short name of the value's type, for error messages ("expected a number, got string").
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        case .raw: return "encoded value"
        }
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var numberValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    public var arrayValue: [JSON]? {
        if case .array(let value) = self { return value }
        return nil
    }
}

/// The canonical encoding of one JSON value, kept as bytes (like a raw message in other JSON
/// libraries). Two raw values are equal when their bytes are; a raw value never equals a parsed one.
public struct RawJSON: Equatable, Sendable {
    public let canonicalBytes: [UInt8]

    /// `canonicalBytes` must be one value in ``CanonicalJSON`` form; it is written unchecked.
    public init(canonicalBytes: [UInt8]) { self.canonicalBytes = canonicalBytes }
}

// Deliberately not ExpressibleByNilLiteral: `nil` would silently become `.null` where an
// optional was meant (`found ? value : nil`).
extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(JSONObject(elements))
    }
}

extension JSON {
    /// A number, or `null` when `value` is nil.
    public static func number(_ value: Int) -> JSON { .number(Double(value)) }
    public static func optional(_ value: String?) -> JSON { value.map(JSON.string) ?? .null }
    public static func optional(_ value: Double?) -> JSON { value.map(JSON.number) ?? .null }
}

/// Key order of canonical JSON: by UTF-8 bytes, which is Unicode code point order
/// (the order of Python's `sort_keys=True` and of `jq -S`).
@inlinable
public func canonicalKeyPrecedes(_ a: String, _ b: String) -> Bool {
    canonicalKeyCompare(a, b) < 0
}

/// The canonical order of two keys in one comparison: negative when `a` comes first, 0 when
/// they are the same bytes, positive when `b` comes first.
@inlinable
public func canonicalKeyCompare(_ a: String, _ b: String) -> Int {
    // The bytes in place (no copy, no reference counting); the fallback covers bridged strings.
    let order: Int?? = a.utf8.withContiguousStorageIfAvailable { pa in
        b.utf8.withContiguousStorageIfAvailable { pb in utf8Compare(pa, pb) }
    }
    if let known = order ?? nil { return known }
    var a = a, b = b
    return a.withUTF8 { pa in b.withUTF8 { pb in utf8Compare(pa, pb) } }
}

@inlinable
func utf8Compare(_ pa: UnsafeBufferPointer<UInt8>, _ pb: UnsafeBufferPointer<UInt8>) -> Int {
    let n = min(pa.count, pb.count)
    if n > 0 {
        let order = memcmp(pa.baseAddress!, pb.baseAddress!, n)
        if order != 0 { return Int(order) }
    }
    return pa.count - pb.count
}

/// Whether two keys or ids have the same UTF-8 bytes: the equality of canonical JSON keys, and
/// cheaper than `==`, which compares strings by Unicode canonical equivalence.
@inlinable
public func canonicalKeyEquals(_ a: String, _ b: String) -> Bool {
    if a.utf8.count != b.utf8.count { return false }
    let equal: Bool?? = a.utf8.withContiguousStorageIfAvailable { pa in
        b.utf8.withContiguousStorageIfAvailable { pb in pa.count == 0 || memcmp(pa.baseAddress!, pb.baseAddress!, pa.count) == 0 }
    }
    if let known = equal ?? nil { return known }
    return a.utf8.elementsEqual(b.utf8)
}

/// A JSON object whose members are kept in canonical key order.
///
/// Lookups are binary searches; documents in Scenery have small objects (a node has a handful of
/// fields, `display.nodes` holds only what is on screen), so a sorted array beats hashing here and
/// makes diffing and encoding linear.
public struct JSONObject: Equatable, Sendable, Sequence {
    public private(set) var keys: [String] = []
    public private(set) var values: [JSON] = []

    public init() {}

    /// Builds an object from pairs in any order; a later duplicate key wins.
    public init(_ pairs: some Sequence<(String, JSON)>) {
        for (key, value) in pairs { self[key] = value }
    }

    /// Builds an object from keys already in canonical order without duplicates (checked in
    /// debug builds); the fast path for large objects such as `display.nodes`.
    public init(sortedKeys: [String], values: [JSON]) {
        assert(sortedKeys.count == values.count && zip(sortedKeys, sortedKeys.dropFirst()).allSatisfy { canonicalKeyPrecedes($0, $1) })
        keys = sortedKeys
        self.values = values
    }

    /// Members in any order; of a repeated key, the last value wins (as assigning them one by
    /// one would give). Cheaper than assigning: members are sorted once, and most objects come
    /// sorted or nearly so.
    public init(unsortedKeys: [String], values: [JSON]) {
        var keys = unsortedKeys, values = values
        var repeated = false
        // Insertion sort of both arrays together, stable: small objects, often already in order.
        for i in keys.indices.dropFirst() where !canonicalKeyPrecedes(keys[i - 1], keys[i]) {
            var j = i
            while j > 0 && canonicalKeyPrecedes(keys[j], keys[j - 1]) {
                keys.swapAt(j, j - 1)
                values.swapAt(j, j - 1)
                j -= 1
            }
            if j > 0 && canonicalKeyEquals(keys[j - 1], keys[j]) { repeated = true }
        }
        if repeated {
            // Of equal keys (now adjacent, in input order), keep the last value.
            var k = 0
            for i in keys.indices {
                if k > 0 && canonicalKeyEquals(keys[k - 1], keys[i]) {
                    values[k - 1] = values[i]
                } else {
                    keys[k] = keys[i]
                    values[k] = values[i]
                    k += 1
                }
            }
            keys.removeLast(keys.count - k)
            values.removeLast(values.count - k)
        }
        self.keys = keys
        self.values = values
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    /// The position of `key`, or where it would be inserted.
    @usableFromInline
    func search(_ key: String) -> (index: Int, found: Bool) {
        var low = 0, high = keys.count
        // Appending in order is the common way objects are built; check the end first.
        if high > 0 {
            let order = canonicalKeyCompare(keys[high - 1], key)
            if order == 0 { return (high - 1, true) }
            if order < 0 { return (high, false) }
            high -= 1
        }
        while low < high {
            let mid = (low + high) / 2
            let order = canonicalKeyCompare(keys[mid], key)
            if order == 0 { return (mid, true) }
            if order < 0 { low = mid + 1 } else { high = mid }
        }
        return (low, false)
    }

    public subscript(key: String) -> JSON? {
        get {
            let (index, found) = search(key)
            return found ? values[index] : nil
        }
        set {
            let (index, found) = search(key)
            switch (found, newValue) {
            case (true, let value?): values[index] = value
            case (true, nil): keys.remove(at: index); values.remove(at: index)
            case (false, let value?): keys.insert(key, at: index); values.insert(value, at: index)
            case (false, nil): break
            }
        }
    }

    /// Removes and returns the member `key`.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSON? {
        let (index, found) = search(key)
        guard found else { return nil }
        keys.remove(at: index)
        return values.remove(at: index)
    }

    public func makeIterator() -> Zip2Sequence<[String], [JSON]>.Iterator {
        zip(keys, values).makeIterator()
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self.init(elements)
    }
}
