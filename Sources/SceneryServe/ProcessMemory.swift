import Dispatch
import Foundation
import SceneryCore
#if canImport(Glibc)
import Glibc
#endif

/// The server's memory as the system counts it, and giving it back.
///
/// glibc's allocator keeps what a closed session freed in its arenas: 40 heavy sessions left
/// 2.2 GB resident after they closed, 251 MiB after `malloc_trim(0)`. So once sessions end the
/// server trims, at most once a second (``sessionEnded()``): a trim walks every arena, and a
/// hundred tabs closing together need one.
final class ProcessMemory: @unchecked Sendable {
    private let lock = Lock()
    private var trimPending = false
    private let queue = DispatchQueue(label: "scenery.serve.trim", qos: .utility)

    /// The resident set size in MiB (`/proc/self/statm`), nil where there is no `/proc`.
    static func residentMiB() -> Int? { residentBytes().map { $0 / (1 << 20) } }

    /// The resident set size in bytes (`/proc/self/statm`), nil where there is no `/proc`.
    static func residentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The process's threads (`Threads:` of `/proc/self/status`), nil where there is no `/proc`.
    static func threadCount() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Threads:") }) else { return nil }
        return line.split(separator: "\t").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// The machine's memory in MiB (`/proc/meminfo`), nil where there is no `/proc`.
    static func physicalMiB() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("MemTotal:") }),
              let kib = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return nil }
        return kib / 1024
    }

    /// A session ended: its memory is given back to the system within about a second.
    func sessionEnded() {
        let schedule: Bool = lock.withLock {
            if trimPending { return false }
            trimPending = true
            return true
        }
        guard schedule else { return }
        queue.asyncAfter(deadline: .now() + 1) {
            self.lock.withLock { self.trimPending = false }
            ProcessMemory.trim()
        }
    }

    /// glibc's `malloc_trim(0)`, found at run time (the Glibc module does not declare it); a
    /// no-op on other C libraries.
    static func trim() {
        #if os(Linux)
        guard let symbol = trimFunction else { return }
        _ = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)(0)
        #endif
    }

    #if os(Linux)
    nonisolated(unsafe) private static let trimFunction = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim")
    #endif
}
