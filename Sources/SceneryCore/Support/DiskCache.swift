import CZlib
import SceneryCore

/// An offline cache in a folder: what came from a URL, one file each, kept across sessions. The
/// engine keeps pictures in it (``SceneEffect/loadImage(url:cache:)``, kind ``Kind/image``), and a
/// scene's job may keep its own documents (the Photos scene's list).
///
/// **Format.** An entry is `KIND-HASH.entry` (`image-HASH.entry`, `list-HASH.entry`), HASH the
/// FNV-1a 64 of the URL in hex, holding a 20-byte header (`SCNC`, format 1, three zero bytes, the payload's length as
/// a little-endian UInt64, its CRC-32 as a little-endian UInt32) and the payload as it came.
/// **Writes are atomic**: the environment writes a temporary file in the folder and renames it
/// over the entry, so a reader in another process sees the old entry or the new one. **Reads
/// check**: an entry whose magic, length or CRC does not match is removed and reported missing,
/// so it is fetched again and its bytes are never shown. **Bound**: ``defaultLimit`` bytes
/// (200 MiB); past it, entries are removed least recently used first (by their modification
/// time, which a read hit moves to now) until the cache is under 90% of the bound.
///
/// All of it runs beside the reducer (in picture loads and jobs), through the environment's file
/// closures: never in a reducer.
public struct DiskCache: Sendable {
    /// What an entry holds: the first word of its file's name.
    public struct Kind: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A picture the engine loaded.
        public static let image = Kind(rawValue: "image")
    }

    public static let defaultLimit = 200 << 20
    static let magic: [UInt8] = Array("SCNC".utf8) + [1, 0, 0, 0]
    static let headerSize = 20

    public let folder: String
    public let limit: Int
    /// The running size of the folder, shared by the jobs of a session.
    let ledger = CacheLedger()

    public init(folder: String, limit: Int = DiskCache.defaultLimit) {
        self.folder = folder; self.limit = limit
    }

    /// FNV-1a 64 of `text`, 16 hex digits: the entry's name, the same on every machine.
    public static func hash(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    public func path(_ kind: Kind, _ url: String) -> String {
        folder + "/" + kind.rawValue + "-" + DiskCache.hash(url) + ".entry"
    }

    /// An entry's file: the header, then `payload`.
    public static func encode(_ payload: [UInt8]) -> [UInt8] {
        var out = magic
        var length = UInt64(payload.count)
        for _ in 0..<8 { out.append(UInt8(length & 0xFF)); length >>= 8 }
        var crc = UInt32(truncatingIfNeeded: payload.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) })
        for _ in 0..<4 { out.append(UInt8(crc & 0xFF)); crc >>= 8 }
        return out + payload
    }

    /// The payload of an entry's file, or nil when the file is not a whole, intact entry.
    public static func decode(_ file: [UInt8]) -> [UInt8]? {
        guard file.count >= headerSize, Array(file[0..<8]) == magic else { return nil }
        var length: UInt64 = 0
        for i in (8..<16).reversed() { length = length << 8 | UInt64(file[i]) }
        var stored: UInt32 = 0
        for i in (16..<20).reversed() { stored = stored << 8 | UInt32(file[i]) }
        guard length == UInt64(file.count - headerSize) else { return nil }
        let payload = Array(file[headerSize...])
        let crc = UInt32(truncatingIfNeeded: payload.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) })
        return crc == stored ? payload : nil
    }

    /// The cached payload for `url`; nil when there is none or it was damaged (then removed).
    public func read(_ kind: Kind, _ url: String, environment: SceneEnvironment) -> [UInt8]? {
        let path = path(kind, url)
        guard let info = environment.fileInfo(path), !info.isDirectory, info.special == nil,
              let file = try? environment.readFile(path) else { return nil }
        guard let payload = DiskCache.decode(file) else {
            environment.removeFile(path)
            return nil
        }
        environment.touchFile(path)
        return payload
    }

    /// Stores `payload` for `url`, then keeps the cache within its bound. Best effort: a cache
    /// that cannot be written (a read-only folder) leaves the scene working without one.
    @discardableResult
    public func write(_ kind: Kind, _ url: String, _ payload: [UInt8], environment: SceneEnvironment) -> Bool {
        do throws(RPCError) {
            try environment.createDirectory(folder)
            try environment.writeFile(path(kind, url), DiskCache.encode(payload))
        } catch {
            return false
        }
        if ledger.add(payload.count + DiskCache.headerSize, scan: { scanTotal(environment) }) > limit { evict(environment) }
        return true
    }

    /// The entries of the folder with their sizes and modification times.
    func entries(_ environment: SceneEnvironment) -> [(path: String, size: Int, modified: Double)] {
        files(environment).filter { $0.path.hasSuffix(".entry") }
    }

    /// Every file in the folder (entries and the temporary files of writes) with its size and
    /// modification time.
    func files(_ environment: SceneEnvironment) -> [(path: String, size: Int, modified: Double)] {
        let names = (try? environment.listDirectory(folder)) ?? []
        return names.compactMap { name in
            let path = folder + "/" + name
            guard let info = environment.fileInfo(path), !info.isDirectory else { return nil }
            return (path, info.size, info.modified)
        }
    }

    func scanTotal(_ environment: SceneEnvironment) -> Int {
        entries(environment).reduce(0) { $0 + $1.size }
    }

    /// How long a temporary file of a write (`NAME.entry.partial-PID-N`) may sit before it is
    /// taken for the leftover of a process that died mid-write, in seconds. A write in progress
    /// in another process is far younger.
    static let abandonedWriteSeconds = 600.0

    /// Removes the least recently used entries until the cache is under 90% of its bound, and
    /// the temporary files of writes abandoned more than ``abandonedWriteSeconds`` before the
    /// newest file (a process that died between write and rename leaves one; nothing else would
    /// ever remove it).
    func evict(_ environment: SceneEnvironment) {
        let files = files(environment)
        let partials = files.filter { $0.path.contains(".entry.partial-") }
        let all = files.filter { $0.path.hasSuffix(".entry") }.sorted { ($0.modified, $0.path) < ($1.modified, $1.path) }
        let newest = max(all.last?.modified ?? 0, partials.map(\.modified).max() ?? 0)
        for partial in partials where partial.modified < newest - Self.abandonedWriteSeconds {
            environment.removeFile(partial.path)
        }
        var total = all.reduce(0) { $0 + $1.size }
        for entry in all where total > limit * 9 / 10 {
            environment.removeFile(entry.path)
            total -= entry.size
        }
        ledger.reset(total)
    }
}

/// The cache folder's size as the session's jobs know it: scanned once, then kept by adding
/// what each write adds (a rewrite counts twice, which only brings the next scan sooner).
final class CacheLedger: @unchecked Sendable {
    private let lock = Lock()
    private var total: Int?

    /// Adds `bytes` and returns the new total (scanning the folder first, the first time).
    func add(_ bytes: Int, scan: () -> Int) -> Int {
        lock.withLock {
            let base = total ?? scan()
            total = base + bytes
            return base + bytes
        }
    }

    func reset(_ value: Int) { lock.withLock { total = value } }
}
