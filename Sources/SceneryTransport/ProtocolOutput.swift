#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The protocol's stdout, guarded: at start it keeps a private duplicate of fd 1 for protocol
/// lines and points fd 1 at stderr, so a stray `print` anywhere can only reach stderr and never
/// corrupt the stream.
public final class ProtocolOutput: @unchecked Sendable {
    private let fd: Int32

    /// Takes over stdout. Call once, before anything else writes.
    public static func guardStandardOutput() -> ProtocolOutput {
        signal(SIGPIPE, SIG_IGN)
        let protocolFD = dup(1)
        dup2(2, 1)
        return ProtocolOutput(fd: protocolFD)
    }

    public init(fd: Int32) { self.fd = fd }

    /// Writes all of `bytes`; false when the reader went away (EPIPE), and the engine should stop.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        guard !bytes.isEmpty else { return true }
        return bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }
}

/// Reads a file descriptor in chunks.
public struct FileInput {
    public let fd: Int32
    /// How long `read` watches for input before it blocks, in nanoseconds (0: block at once).
    public var spinNanoseconds: Int

    public init(fd: Int32, spinNanoseconds: Int = 0) { self.fd = fd; self.spinNanoseconds = spinNanoseconds }

    /// Reads into `buffer`; 0 at end of input.
    ///
    /// First it polls for up to `spinNanoseconds`: a client that answers a response at once
    /// (a ping-pong driver, a front end replaying gestures) then finds the engine awake. Waking a
    /// process that blocked costs tens of microseconds when the scheduler moves it to another
    /// CPU, far more than the engine's own work on a command.
    public func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        if spinNanoseconds > 0 { waitBriefly() }
        while true {
            let count = Glibc.read(fd, buffer.baseAddress, buffer.count)
            if count < 0 && errno == EINTR { continue }
            return max(0, count)
        }
    }

    /// Polls without blocking until input (or end of input) is there or the spin time is up.
    private func waitBriefly() {
        var start = timespec(), now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while true {
            if poll(&descriptor, 1, 0) != 0 { return }  // readable, closed, or an error read will report
            clock_gettime(CLOCK_MONOTONIC, &now)
            let elapsed = (now.tv_sec - start.tv_sec) * 1_000_000_000 + (now.tv_nsec - start.tv_nsec)
            if elapsed >= spinNanoseconds { return }
        }
    }
}
