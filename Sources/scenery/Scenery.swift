import ArgumentParser
import Foundation
import SceneryCore
import SceneryEngine
import SceneryServe
import SceneryTransport

/// The `scenery` command: runs the engine on stdin/stdout, or replays and records transcripts.
@main
struct Scenery: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenery",
        abstract: "A headless UI engine: newline-delimited JSON-RPC in on stdin, state patches out on stdout.",
        discussion: """
            With no subcommand, scenery runs the engine on stdin/stdout (`run`):
              scenery --schema           print the protocol's JSON Schema and exit
              scenery --stopped-clock    keep the real clock at 0 ms, as replay does
              scenery --max-line-bytes N, --max-depth N, --spin-microseconds N
            `scenery help run` explains each; Protocol/PROTOCOL.md is the protocol.
            `scenery serve` serves the browser front end at http://127.0.0.1:8080/.
            """,
        version: "0.1.0",
        subcommands: [Run.self, Replay.self, Review.self, Record.self, Serve.self],
        defaultSubcommand: Run.self)
}

/// Options shared by the commands that run an engine.
struct EngineOptions: ParsableArguments {
    @Option(help: "Longest accepted request line, in bytes.")
    var maxLineBytes: Int = EngineLimits().maxLineBytes

    @Option(help: "Deepest accepted JSON nesting in a request.")
    var maxDepth: Int = EngineLimits().maxDepth

    @Option(help: "Seconds an HTTP request may go without receiving a byte.")
    var httpIdleTimeout: Double = 10

    @Option(help: "Seconds an HTTP request may take in all.")
    var httpTotalTimeout: Double = 30

    var http: HTTPClient.Timeouts {
        HTTPClient.Timeouts(idle: max(0.1, httpIdleTimeout), total: max(0.1, httpTotalTimeout))
    }

    var limits: EngineLimits {
        var limits = EngineLimits()
        limits.maxLineBytes = max(64, maxLineBytes)
        limits.maxDepth = max(2, maxDepth)
        return limits
    }
}

extension Scenery {
    /// `scenery` / `scenery run`: serve the protocol on stdin and stdout until EOF or `shutdown`.
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Run the engine on stdin/stdout (the default).")

        @OptionGroup var options: EngineOptions

        @Flag(help: "Print the protocol's JSON Schema and exit.")
        var schema = false

        @Flag(help: "Keep the real clock at 0 ms, as `replay` does, so a real-clock transcript's output is reproducible (tests use it).")
        var stoppedClock = false

        @Option(help: "After answering, watch stdin this many microseconds before sleeping (0: sleep at once). A client that replies at once then skips a process wake-up. Default: 200, or 0 when the process may run on one CPU only.")
        var spinMicroseconds: Int?

        func run() throws {
            if schema {
                print(CanonicalJSON.pretty(ProtocolSchema.document()))
                return
            }
            let output = ProtocolOutput.guardStandardOutput()
            var environment = LiveEnvironment.make(http: options.http)
            if stoppedClock { environment.realTimeMs = { 0 } }
            let engine = Engine(environment: environment, limits: options.limits)
            let spin = spinMicroseconds ?? CPUAffinity.defaultSpinMicroseconds(spinning: 200)
            let loop = EngineLoop(engine: engine, environment: environment, input: FileInput(fd: 0, spinNanoseconds: max(0, min(spin, 100_000)) * 1000), output: output)
            loop.run()
        }
    }

    /// `scenery replay FILE...`: checks goldens, readable (`.golden`) and protocol transcripts;
    /// prints every difference of each failing one, or with `--update` rewrites it and says what
    /// changed. Paths in a golden are relative to its own folder.
    struct Replay: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replay goldens (.golden, .transcript) and report every difference.",
            discussion: "A folder stands for every .golden and .transcript under it. Paths in a golden's requests are relative to its folder. A golden whose `# needs: PATH` is missing is skipped with that path named. Docs/goldens.md explains the formats.")

        @OptionGroup var options: EngineOptions

        @Flag(help: "Rewrite each golden that differs with the engine's output, and list what changed in each step.")
        var update = false

        @Argument(help: "Golden files, or folders of them.")
        var files: [String]

        func run() throws {
            var failures = 0
            for file in files.flatMap(GoldenFile.files(under:)) {
                let outcome: GoldenFile.Outcome
                do { outcome = try GoldenFile.check(file, limits: options.limits) } catch {
                    FileHandle.standardError.write("\(error.message)\n".data(using: .utf8)!)
                    failures += 1
                    continue
                }
                switch outcome {
                case .skipped(let why): print("skip \(file): \(why)")
                case .matches(let requests): print("ok \(file) (\(requests) requests)")
                case .differs(let report, let changes, let updated):
                    if update {
                        try updated.write(toFile: file, atomically: true, encoding: .utf8)
                        print("updated \(file):")
                        for change in changes { print("  \(change)") }
                    } else {
                        print(report)
                        failures += 1
                    }
                }
            }
            if failures > 0 { throw ExitCode(1) }
        }
    }

    /// `scenery review FILE...`: for each golden that differs, shows the report and asks whether
    /// to accept the engine's output (rewrite the golden) or keep the golden, as `cargo insta
    /// review` does. Answers are read from stdin, a line each.
    struct Review: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show each golden that differs and accept or reject the engine's output, one by one.",
            discussion: "For each golden (.golden, .transcript; a folder stands for those under it) whose replay differs, prints the differences and reads a line from stdin: a (accept: rewrite the golden), r (reject: keep it), q (quit). Ends with what was accepted and rejected.")

        @OptionGroup var options: EngineOptions

        @Argument(help: "Golden files, or folders of them.")
        var files: [String]

        func run() throws {
            var accepted: [String] = [], rejected: [String] = [], unread: [String] = []
            var quit = false
            for file in files.flatMap(GoldenFile.files(under:)) {
                guard case .differs(let report, let changes, let updated)? = try? GoldenFile.check(file, limits: options.limits) else { continue }
                if quit { unread.append(file); continue }
                print(report)
                while true {
                    print("\(file): accept the engine's output (a), reject it and keep the golden (r), or quit (q)? ", terminator: "")
                    fflush(nil)
                    guard let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() else { quit = true; unread.append(file); break }
                    if answer == "a" || answer == "accept" {
                        try updated.write(toFile: file, atomically: true, encoding: .utf8)
                        accepted.append(file + " (" + changes.joined(separator: "; ") + ")")
                        break
                    }
                    if answer == "r" || answer == "reject" { rejected.append(file); break }
                    if answer == "q" || answer == "quit" { quit = true; unread.append(file); break }
                }
            }
            print("\nreview: \(accepted.count) accepted, \(rejected.count) rejected, \(unread.count) not reviewed")
            for file in accepted { print("  accepted \(file)") }
            for file in rejected { print("  rejected \(file)") }
            for file in unread { print("  not reviewed \(file)") }
            if !rejected.isEmpty || !unread.isEmpty { throw ExitCode(1) }
        }
    }

    /// `scenery record --output FILE`: runs the engine as usual and also writes the session as a
    /// golden: a readable one when FILE ends in `.golden`, else a protocol transcript.
    struct Record: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run the engine and write the session as a golden (.golden: readable; else a protocol transcript).")

        @OptionGroup var options: EngineOptions

        @Option(name: .shortAndLong, help: "Where to write the golden: FILE.golden for a readable one, any other name for a protocol transcript.")
        var output: String

        func run() throws {
            guard let recorder = SessionRecorder(path: self.output, limits: options.limits) else { throw ValidationError("cannot write \(self.output)") }
            let protocolOutput = ProtocolOutput.guardStandardOutput()
            let environment = LiveEnvironment.make(http: options.http)
            let engine = Engine(environment: environment, limits: options.limits)
            let loop = EngineLoop(engine: engine, environment: environment, input: FileInput(fd: 0), output: protocolOutput)
            loop.observer = { request, response in
                if let request { recorder.received(request) }
                recorder.sent(response)
            }
            loop.run()
            recorder.finish()
        }
    }

    /// `scenery serve`: the browser front end (see ``SceneryServer``).
    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serve the browser front end: the page, and an engine session per tab over a WebSocket.",
            discussion: "Open the printed address in a browser. Sessions read files only under --data-root (none given: built-in samples only); relative paths in a session's params are taken from it.")

        @Option(help: "Address to listen on (127.0.0.1: this machine only).")
        var host = "127.0.0.1"

        @Option(help: "Port to listen on (0: a free one, printed).")
        var port = 8080

        @Option(help: "The only folder sessions may read (and write a cache in), e.g. ../shared/seed-data.")
        var dataRoot: String?

        @Option(help: ArgumentHelp("An origin (scheme://host[:port]) whose pages may open sessions besides the server's own, e.g. a reverse proxy's; repeatable. Its host is answered too.", valueName: "origin"))
        var allowOrigin: [String] = []

        @Option(help: "Sessions open at once; past it a new one is refused with HTTP 503. Default: \(ServeLimits.defaultMaxSessions), lowered to what the file descriptor limit leaves room for.")
        var maxSessions: Int?

        @Option(help: "Memory budget in MiB: while the process holds more, new sessions are refused (HTTP 503) and scene.open and sets.load answer -32010. Default: half the machine's memory, at most 4096.")
        var maxMemoryMib: Int?

        @Option(help: "Seconds a connection has to send its request head (then 408 and closed), and an HTTP connection may stay idle.")
        var requestTimeout: Double = 10

        @Option(help: "Heavy requests (scene.open, sets.load: reading and laying out a data file) run at once; the others wait their turn, their sessions still answering pings. Default: one fewer than the processors, at least 1.")
        var heavyRequests: Int?

        @Option(help: "Seconds between the server's pings on each session; a client that has not answered one by the next is closed with 1001 (a browser answers by itself).")
        var pingSeconds: Double = 30

        @Option(help: "After SIGTERM or SIGINT, seconds /healthz answers 503 (for a load balancer's probe) before the server stops listening; sessions are closed with 1012 at once all the same.")
        var drainSeconds: Double = 0

        @Option(help: ArgumentHelp("Write each session as a transcript to FOLDER/session-N.transcript (N: 1, 2, … in the order sessions opened): each request as received, then the lines sent; the conformance kit's gesture scripts judge them.", valueName: "FOLDER"))
        var record: String?

        @Option(help: ArgumentHelp("With --record: write each session as a protocol transcript (transcript, the default) or as a readable golden (golden: FOLDER/session-N.golden, completed when the session ends).", valueName: "format"))
        var recordAs: String = "transcript"

        @Option(help: ArgumentHelp("Offer the photos scene on this endpoint first, so the page opens on it (e.g. Examples/photos/serve_demo.py's http://127.0.0.1:8765/photos.json).", valueName: "URL"))
        var photosEndpoint: String?

        @OptionGroup var options: EngineOptions

        func run() throws {
            let root: DataRoot
            do { root = try DataRoot(dataRoot) } catch { throw ValidationError("\(error)") }
            guard recordAs == "transcript" || recordAs == "golden" else { throw ValidationError("--record-as: expected transcript or golden, got \(recordAs)") }
            guard maxSessions.map({ $0 > 0 }) != false, maxMemoryMib.map({ $0 > 0 }) != false, requestTimeout > 0,
                  heavyRequests.map({ $0 > 0 }) != false, pingSeconds >= 0.01 else {
                throw ValidationError("--max-sessions, --max-memory-mib, --request-timeout, --heavy-requests and --ping-seconds must be positive (--ping-seconds at least 0.01)")
            }
            var server = SceneryServer(host: host, port: port, root: root, limits: options.limits, http: options.http,
                                       serveLimits: ServeLimits(maxSessions: maxSessions, maxMemoryMiB: maxMemoryMib, requestTimeout: requestTimeout,
                                                                 heavyRequests: heavyRequests, pingSeconds: pingSeconds),
                                       allowedOrigins: allowOrigin, record: record, recordReadable: recordAs == "golden")
            server.drainSeconds = max(0, drainSeconds)
            server.photosEndpoint = photosEndpoint
            let host = self.host, configured = server
            Task {
                do {
                    try await configured.run { port, takes in
                        FileHandle.standardError.write("scenery serve: listening on http://\(host):\(port)/ (data root: \(root.path ?? "none, built-in samples only"); \(takes))\n".data(using: .utf8)!)
                    }
                    Foundation.exit(0)
                } catch {
                    FileHandle.standardError.write("scenery serve: \(error)\n".data(using: .utf8)!)
                    Foundation.exit(1)
                }
            }
            dispatchMain()
        }
    }
}
