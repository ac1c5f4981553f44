import Foundation
import SceneryTestSupport
import SceneryCore
import SceneryTransport
@testable import HooScene

/// Paths, file environments and recorders shared by the Hoo loading tests.
///
/// The live environment is the transport's own file access, counting the bytes it reads so
/// tests can check that a big file is refused from its tail.
enum HooTestSupport {
    /// The repository's root (this file is `Tests/HooSceneTests/HooTestSupport.swift`).
    static let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    /// The nine real archives, read in place (`../shared/seed-data/HooView/HooSets` from the repo root).
    static let realSets = SharedData.path("seed-data/HooView/HooSets")
    static let corpusScript = repoRoot + "/Tests/HooSceneTests/Corpus/make_hostile_archives.py"

    /// A fresh empty folder under the system's temporary folder.
    static func temporaryFolder(_ label: String) throws -> String {
        let path = NSTemporaryDirectory() + "hoo-\(label)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func removeFolder(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Runs a command and throws when it does not exit with 0.
    static func run(_ arguments: [String], in folder: String? = nil) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw RPCError(code: -1, message: "\(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
        }
    }

    /// The environment the engine gives a job on a real machine, counting what it reads.
    static func liveEnvironment(counter: ReadCounter = ReadCounter()) -> SceneEnvironment {
        SceneEnvironment(now: { 0 }, random: { 0 }, files: FileAccess(
            readFile: { (path) throws(RPCError) -> [UInt8] in
                guard let info = LiveEnvironment.fileInfo(path), !info.isDirectory else { throw unreadable(path, "no such file") }
                let bytes = try LiveEnvironment.readRange(path, offset: 0, count: info.size)
                counter.add(bytes.count)
                return bytes
            },
            readFileRange: { (path, offset, count) throws(RPCError) -> [UInt8] in
                let bytes = try LiveEnvironment.readRange(path, offset: offset, count: count)
                counter.add(bytes.count)
                return bytes
            },
            fileInfo: LiveEnvironment.fileInfo,
            listDirectory: { (path) throws(RPCError) in try LiveEnvironment.listDirectory(path) }))
    }

    static func unreadable(_ path: String, _ reason: String) -> RPCError {
        RPCError(code: ErrorCode.fileUnreadable, message: "\(path): \(reason)")
    }

    /// An environment over files held in memory: `files` by path; folders are implied by paths.
    static func memoryEnvironment(_ files: [String: [UInt8]]) -> SceneEnvironment {
        @Sendable func children(_ folder: String) -> [String] {
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            var names = Set<String>()
            for path in files.keys where path.hasPrefix(prefix) {
                names.insert(String(path.dropFirst(prefix.count).split(separator: "/")[0]))
            }
            return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        }
        return SceneEnvironment(now: { 0 }, random: { 0 }, files: FileAccess(
            readFile: { (path) throws(RPCError) -> [UInt8] in
                guard let bytes = files[path] else { throw unreadable(path, "no such file") }
                return bytes
            },
            readFileRange: { (path, offset, count) throws(RPCError) -> [UInt8] in
                guard let bytes = files[path] else { throw unreadable(path, "no such file") }
                return try FileAccess.range(of: bytes, path: path, offset: offset, count: count)
            },
            fileInfo: { path in
                if let bytes = files[path] { return FileInfo(isDirectory: false, size: bytes.count) }
                return children(path).isEmpty ? nil : FileInfo(isDirectory: true, size: 0)
            },
            listDirectory: { (path) throws(RPCError) -> [String] in
                let names = children(path)
                guard !names.isEmpty else { throw unreadable(path, "not a folder") }
                return names
            }))
    }

    /// A job context over `environment` that records each progress report.
    static func context(_ environment: SceneEnvironment, progress: ProgressRecorder = ProgressRecorder()) -> JobContext {
        JobContext(environment: environment, progress: { progress.record($0) })
    }
}

/// Counts the bytes a test environment has read.
final class ReadCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var total = 0
    func add(_ count: Int) { lock.lock(); total += count; lock.unlock() }
    var bytes: Int { lock.lock(); defer { lock.unlock() }; return total }
}

/// Keeps every progress report of a job, in order.
final class ProgressRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [JobProgress] = []
    func record(_ progress: JobProgress) { lock.lock(); items.append(progress); lock.unlock() }
    var reports: [JobProgress] { lock.lock(); defer { lock.unlock() }; return items }
}

/// Writes small ZIP archives in memory for unit tests: stored entries, or entries with the
/// compressed bytes given, with fields that can be made to lie.
struct TestZip {
    struct Entry {
        var name: [UInt8]
        var data: [UInt8]
        var method: UInt16 = 0
        var compressed: [UInt8]? = nil
        var crc: UInt32? = nil
        var size: Int? = nil
        var flags: UInt16 = 0
        var madeBy: UInt16 = 3 << 8 | 20
        var attributes: UInt32 = 0o100644 << 16

        init(_ name: String, _ data: String = "", method: UInt16 = 0, compressed: [UInt8]? = nil) {
            self.name = Array(name.utf8); self.data = Array(data.utf8); self.method = method; self.compressed = compressed
        }
    }

    var entries: [Entry] = []
    var comment: [UInt8] = []

    func bytes() -> [UInt8] {
        var out: [UInt8] = []
        var central: [UInt8] = []
        for entry in entries {
            let payload = entry.compressed ?? entry.data
            let crc = entry.crc ?? UInt32(entry.data.withUnsafeBufferPointer { ZipInflater.crc($0.baseAddress, $0.count, start: 0) })
            let size = entry.size ?? entry.data.count
            let offset = out.count
            out += le32(0x0403_4B50) + le16(20) + le16(entry.flags) + le16(entry.method) + le16(0) + le16(0x21)
            out += le32(crc) + le32(UInt32(payload.count)) + le32(UInt32(size)) + le16(UInt16(entry.name.count)) + le16(0)
            out += entry.name + payload
            central += le32(0x0201_4B50) + le16(entry.madeBy) + le16(20) + le16(entry.flags) + le16(entry.method)
            central += le16(0) + le16(0x21) + le32(crc) + le32(UInt32(payload.count)) + le32(UInt32(size))
            central += le16(UInt16(entry.name.count)) + le16(0) + le16(0) + le16(0) + le16(0)
            central += le32(entry.attributes) + le32(UInt32(offset)) + entry.name
        }
        let centralOffset = out.count
        out += central
        out += le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(entries.count)) + le16(UInt16(entries.count))
        out += le32(UInt32(central.count)) + le32(UInt32(centralOffset)) + le16(UInt16(comment.count)) + comment
        return out
    }

    private func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(value >> (8 * $0) & 0xFF) } }
}
