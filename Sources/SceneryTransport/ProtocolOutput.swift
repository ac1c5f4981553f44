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
    public init(fd: Int32) { self.fd = fd }

    /// Reads into `buffer`; 0 at end of input.
    public func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            let count = Glibc.read(fd, buffer.baseAddress, buffer.count)
            if count < 0 && errno == EINTR { continue }
            return max(0, count)
        }
    }
}
