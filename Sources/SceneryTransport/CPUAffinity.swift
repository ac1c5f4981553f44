#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which CPUs this process may run on, as far as the engine's input loop cares.
public enum CPUAffinity {
    /// How many CPUs the scheduler may run this process on (its affinity mask on Linux, for
    /// example under `taskset -c 0`); nil when the system does not say.
    public static func allowedCPUCount() -> Int? {
        // Glibc's module does not export sched_getaffinity (it needs _GNU_SOURCE), so the mask
        // is read where the kernel also publishes it: "Cpus_allowed:\tff,ffffffff".
        guard let status = try? LiveEnvironment.readFile("/proc/self/status", limit: 1 << 16) else { return nil }
        return cpuCount(status: String(decoding: status, as: UTF8.self))
    }

    /// The number of CPUs in the `Cpus_allowed` hex mask of a `/proc/PID/status` text.
    static func cpuCount(status: String) -> Int? {
        for line in status.split(separator: "\n") where line.hasPrefix("Cpus_allowed:") {
            var count = 0
            for character in line.dropFirst("Cpus_allowed:".count) where character != "," && character != "\t" && character != " " {
                guard let digit = character.hexDigitValue else { return nil }
                count += digit.nonzeroBitCount
            }
            return count
        }
        return nil
    }

    /// The default input spin in microseconds: `spinning` when the engine may run on a CPU of its
    /// own, 0 when it is confined to one CPU, where polling for input only takes that CPU from
    /// the client it is waiting for.
    public static func defaultSpinMicroseconds(spinning: Int) -> Int {
        allowedCPUCount() == 1 ? 0 : spinning
    }
}
