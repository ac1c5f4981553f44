import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How many files and sockets the server may hold open, and how many connections and sessions
/// that leaves room for.
///
/// With the usual soft limit of 1,024 descriptors, 1,100 connections ran the process out: then
/// every `accept4` fails with EMFILE, and the listener is woken again at once, which held a core
/// at 100%. So at start the soft limit is raised to the hard one (``raise()``), and connections
/// and sessions are capped below it (``connectionCap``, ``sessionCap``), leaving half the room
/// for what sessions open themselves (data files, downloads) and for the process's own.
struct FileDescriptorLimit: Sendable {
    /// The soft limit after ``raise()``.
    let soft: Int
    /// Descriptors open when the server started (standard streams, event loops, ...).
    let inUseAtStart: Int

    /// Raises the soft limit to the hard one (at most 1,048,576) and reads what is left.
    static func raise() -> FileDescriptorLimit {
        var limit = rlimit()
        #if os(Linux)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        if getrlimit(resource, &limit) == 0 {
            let wanted = min(limit.rlim_max, 1 << 20)
            if limit.rlim_cur < wanted {
                var raised = limit
                raised.rlim_cur = wanted
                if setrlimit(resource, &raised) == 0 { limit = raised }
            }
        }
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 16
        return FileDescriptorLimit(soft: Int(clamping: limit.rlim_cur), inUseAtStart: open)
    }

    /// Connections (sessions, page loads, requests not yet complete) accepted at once; past it
    /// new ones wait in the kernel's backlog, untouched, until one closes.
    var connectionCap: Int { max(2, (soft - inUseAtStart - 16) / 2) }

    /// The most sessions the descriptors leave room for: three quarters of ``connectionCap``,
    /// so a session past the cap is refused with a reason (HTTP 503) rather than left waiting.
    var sessionCap: Int { max(1, connectionCap * 3 / 4) }
}
