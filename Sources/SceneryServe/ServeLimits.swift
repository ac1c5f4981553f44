import Foundation

/// What one `scenery serve` takes on, so that no page can take it down (PROTOCOL.md section 9):
/// sessions at once, memory, how long a request head may take to arrive, how many frames a
/// message may span, how many heavy requests run at once, and how long a client has to answer a
/// ping.
public struct ServeLimits: Sendable {
    /// Sessions open at once (`--max-sessions`); nil: as many as the file descriptors leave room
    /// for, at most ``defaultMaxSessions``. A larger number is lowered to what they allow.
    public var maxSessions: Int?
    /// The memory budget in MiB (`--max-memory-mib`): past it, no new session and no
    /// `scene.open`. nil: half the machine's memory, at most 4 GiB.
    public var maxMemoryMiB: Int?
    /// Seconds a connection has to send its request head (`--request-timeout`), and that an
    /// HTTP connection may stay idle between requests.
    public var requestTimeout: Double
    /// Frames one WebSocket message may span.
    public var maxFragments: Int
    /// Heavy requests (`scene.open`, `sets.load`) run at once (`--heavy-requests`,
    /// ``HeavyRequestGate``); nil: one fewer than the processors, at least 1.
    public var heavyRequests: Int?
    /// Seconds between the server's pings (`--ping-seconds`): a client that has not answered one
    /// by the next is closed with 1001.
    public var pingSeconds: Double

    public static let defaultMaxSessions = 500

    public init(maxSessions: Int? = nil, maxMemoryMiB: Int? = nil, requestTimeout: Double = 10, maxFragments: Int = 1024,
                heavyRequests: Int? = nil, pingSeconds: Double = 30) {
        self.maxSessions = maxSessions; self.maxMemoryMiB = maxMemoryMiB
        self.requestTimeout = requestTimeout; self.maxFragments = maxFragments
        self.heavyRequests = heavyRequests; self.pingSeconds = pingSeconds
    }

    /// The session cap under `descriptors`.
    func sessionCap(_ descriptors: FileDescriptorLimit) -> Int {
        min(maxSessions ?? ServeLimits.defaultMaxSessions, descriptors.sessionCap)
    }

    /// The memory budget in MiB.
    var memoryBudgetMiB: Int {
        maxMemoryMiB ?? min(4096, (ProcessMemory.physicalMiB() ?? 8192) / 2)
    }
}
