/// A JSON Pointer in pieces: an escaped prefix and up to three tokens after it, not yet
/// escaped. A diff names members several levels down (`/display/nodes` + `row.1` + `style` +
/// `background`) without building a string per level; the pointer is written out once, by the
/// ``PatchWriter``.
public struct PatchPath: Sendable {
    /// The escaped pointer the tokens follow (`""` for the whole document).
    let prefix: String
    let first: String?, second: String?, third: String?

    /// The path of an escaped pointer text (`"/model"`).
    public init(_ pointer: String) {
        prefix = pointer
        first = nil; second = nil; third = nil
    }

    init(prefix: String, _ first: String?, _ second: String? = nil, _ third: String? = nil) {
        self.prefix = prefix
        self.first = first; self.second = second; self.third = third
    }

    /// The path of member or element `token` of what this path points to.
    public func child(_ token: String) -> PatchPath {
        if first == nil { return PatchPath(prefix: prefix, token) }
        if second == nil { return PatchPath(prefix: prefix, first, token) }
        if third == nil { return PatchPath(prefix: prefix, first, second, token) }
        return PatchPath(prefix: pointer, token)  // deeper than three: fold into the prefix
    }

    /// The escaped pointer text.
    public var pointer: String {
        var text = prefix
        for token in [first, second, third].compactMap({ $0 }) {
            text += "/"
            text += JSONPointer.escape(token)
        }
        return text
    }
}

/// The operations of an RFC 6902 patch, written straight into their canonical JSON bytes as a
/// diff finds them: no operation objects and no path strings are built on the way to a
/// response (``json()`` hands the array to a result as ``RawJSON``). ``operations`` parses them
/// back for callers that want values.
public struct PatchWriter: Sendable {
    /// The patch so far, a whole JSON array (`[`, the operations comma-separated, `]`), in a
    /// heap buffer that each operation writes on directly, over the closing bracket; none until
    /// the first operation (most commands that change nothing write none).
    private var buffer: PatchBytes?
    /// How many operations were written.
    public private(set) var count = 0

    public init() {}

    public var isEmpty: Bool { count == 0 }

    /// Appends the operation `op` (`add`, `remove` or `replace`) at `path`, with `value` for
    /// `add` and `replace`. Keys in canonical order: op, path, value.
    public mutating func append(_ op: StaticString, _ path: PatchPath, _ value: JSON?) {
        append(op, path, member: nil, value)
    }

    /// The same at member `key` of what `path` points to, for a key the code spells (a node's
    /// `frame`, a model's `title`): written as it is, without a child path or an escape check.
    /// `key` may name members further down, separated by `/` (`selection/title`); its keys must
    /// need no escaping (no `~`, `/`, `"`, `\` or control character in them).
    public mutating func append(_ op: StaticString, _ path: PatchPath, member key: StaticString?, _ value: JSON?) {
        if let value {
            append(op, path, member: key, writing: { $0.write(value) })
            return
        }
        var writer = start()
        PatchWriter.writeHead(op, path, member: key, first: count == 0, to: &writer)
        writer.ascii("\"}]")
        take(writer)
        count += 1
    }

    /// The same with a value that writes itself (a node, text runs) without becoming a JSON tree.
    mutating func append(_ op: StaticString, _ path: PatchPath, member key: StaticString? = nil,
                         writing writeValue: (inout CanonicalJSON.ByteWriter) -> Void) {
        var writer = start()
        PatchWriter.writeHead(op, path, member: key, first: count == 0, to: &writer)
        writer.ascii("\",\"value\":")
        writeValue(&writer)
        writer.ascii("}]")
        take(writer)
        count += 1
    }

    /// A writer that goes on where the last operation ended, over the closing bracket (the
    /// buffer copied first if another copy of this patch shares it).
    private mutating func start() -> CanonicalJSON.ByteWriter {
        if !isKnownUniquelyReferenced(&buffer) { buffer = buffer?.copy() ?? PatchBytes() }
        let buffer = buffer.unsafelyUnwrapped
        return CanonicalJSON.ByteWriter(growing: buffer.base, count: buffer.count - 1, capacity: buffer.capacity)
    }

    /// Takes the buffer back from `writer` after an operation.
    private func take(_ writer: CanonicalJSON.ByteWriter) {
        let buffer = buffer.unsafelyUnwrapped
        buffer.base = writer.base
        buffer.count = writer.count
        buffer.capacity = writer.capacity
    }

    /// `{"op":"OP","path":"PATH` (a comma first unless it is the first operation), with
    /// `/member` after the path when given.
    private static func writeHead(_ op: StaticString, _ path: PatchPath, member: StaticString?, first: Bool,
                                  to writer: inout CanonicalJSON.ByteWriter) {
        writer.ascii(first ? "{\"op\":\"" : ",{\"op\":\"")
        writer.ascii(op)
        writer.ascii("\",\"path\":\"")
        writer.pointerText(path.prefix, escapingTokens: false)
        if let token = path.first {
            writer.byte(UInt8(ascii: "/"))
            writer.pointerText(token, escapingTokens: true)
            if let token = path.second {
                writer.byte(UInt8(ascii: "/"))
                writer.pointerText(token, escapingTokens: true)
                if let token = path.third {
                    writer.byte(UInt8(ascii: "/"))
                    writer.pointerText(token, escapingTokens: true)
                }
            }
        }
        if let member {
            assert(member.withUTF8Buffer { !$0.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7E } },
                   "member keys written as they are must need no escaping")
            writer.byte(UInt8(ascii: "/"))
            writer.ascii(member)
        }
    }

    /// The patch as a JSON array, already encoded. (The bytes are copied into an array: a
    /// `RawJSON` that held the buffer itself saved that copy but made every `JSON` value dearer
    /// to copy, and reading a 10,000-person file 9% slower.)
    public consuming func json() -> JSON {
        guard let buffer else { return .raw(RawJSON(canonicalBytes: PatchWriter.emptyArray)) }
        return .raw(RawJSON(canonicalBytes: Array(UnsafeBufferPointer(start: buffer.base, count: buffer.count))))
    }

    /// `[]`, the patch of a command that changed nothing (shared, not allocated each time).
    private static let emptyArray: [UInt8] = Array("[]".utf8)

    /// The operations as values (for tests and tools; the engine sends ``json()``).
    public var operations: [JSON] {
        guard !isEmpty else { return [] }
        guard let buffer, case .array(let operations)? = try? JSONParser.parse(Array(UnsafeBufferPointer(start: buffer.base, count: buffer.count)), maxDepth: 10_000) else {
            preconditionFailure("a patch writer wrote JSON it cannot read back")
        }
        return operations
    }
}

/// A patch's bytes on the heap, which a ``PatchWriter`` writes its operations on directly (with
/// no scratch buffer emptied into an array after each one).
final class PatchBytes: @unchecked Sendable {
    var base: UnsafeMutablePointer<UInt8>
    var count: Int
    var capacity: Int

    /// `[]`, in a buffer with room for a tap's patch (about 1.2 KB).
    init() {
        capacity = 2048
        base = .allocate(capacity: capacity)
        base.initialize(to: UInt8(ascii: "["))
        base[1] = UInt8(ascii: "]")
        count = 2
    }

    /// A copy, with the same room to write on.
    func copy() -> PatchBytes {
        let copy = PatchBytes(capacity: capacity)
        copy.base.initialize(from: base, count: count)
        copy.count = count
        return copy
    }

    private init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
        count = 0
    }

    deinit { base.deallocate() }
}
