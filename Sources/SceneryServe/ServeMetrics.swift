import Foundation
import Prometheus

/// What `GET /metrics` shows an operator's Prometheus, in its text exposition format
/// (PROTOCOL.md section 9): sessions open, opened, refused and dropped; commands (text frames
/// from clients) and how long each took to answer; bytes sent, as protocol lines and on the
/// wire (after `permessage-deflate`); whether the server is draining; and its resident memory
/// and threads, read when scraped.
final class ServeMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    let sessionsOpen: Gauge
    let sessionsOpened: Counter
    let sessionsRefused: Counter
    let sessionsDropped: Counter
    let commands: Counter
    let commandSeconds: DurationHistogram
    let lineBytesSent: Counter
    let wireBytesSent: Counter
    let draining: Gauge
    private let resident: Gauge
    private let threads: Gauge

    /// The latency buckets, in seconds: a tap is a millisecond or two, opening 100,000 people
    /// several seconds.
    static let latencyBuckets: [Duration] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
        .map { Duration.nanoseconds(Int64($0 * 1e9)) }

    init() {
        func name(_ metric: String, _ unit: String, _ help: String) -> MetricNameDescriptor {
            MetricNameDescriptor(namespace: "scenery", metricName: metric, unitName: unit, helpText: help)
        }
        sessionsOpen = registry.makeGauge(descriptor: name("sessions_open", "", "WebSocket sessions open now"))
        sessionsOpened = registry.makeCounter(descriptor: name("sessions_opened", "total", "WebSocket sessions opened since the server started"))
        sessionsRefused = registry.makeCounter(descriptor: name("sessions_refused", "total",
            "Sessions refused (HTTP 503 at the session cap, the memory budget or while draining) and scene.open or sets.load refused over the memory budget (-32010)"))
        sessionsDropped = registry.makeCounter(descriptor: name("sessions_dropped", "total", "Sessions dropped with 1008 because their client stopped reading"))
        commands = registry.makeCounter(descriptor: name("commands", "total", "Commands received: text frames from clients, each normally one request line"))
        commandSeconds = registry.makeDurationHistogram(descriptor: name("command_duration", "seconds",
            "Time from a command's frame to its answers queued for the client, waiting for a heavy-request turn included"), buckets: ServeMetrics.latencyBuckets)
        lineBytesSent = registry.makeCounter(descriptor: name("line_bytes_sent", "total", "Bytes of protocol lines sent to clients, before compression"))
        wireBytesSent = registry.makeCounter(descriptor: name("websocket_bytes_sent", "total",
            "Bytes written to WebSocket connections after the upgrade: frames with their headers, after permessage-deflate"))
        draining = registry.makeGauge(descriptor: name("draining", "", "1 once SIGTERM or SIGINT started the drain, else 0"))
        resident = registry.makeGauge(descriptor: MetricNameDescriptor(namespace: "process", metricName: "resident_memory", unitName: "bytes",
                                                                        helpText: "Resident memory size in bytes"))
        threads = registry.makeGauge(descriptor: MetricNameDescriptor(namespace: "process", metricName: "threads", unitName: "",
                                                                       helpText: "Threads of the process"))
    }

    /// The text exposition, with the process's memory and threads read now.
    func exposition() -> [UInt8] {
        if let bytes = ProcessMemory.residentBytes() { resident.set(to: Double(bytes)) }
        if let count = ProcessMemory.threadCount() { threads.set(to: Double(count)) }
        return registry.emitToBuffer()
    }
}
