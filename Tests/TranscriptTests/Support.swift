import Foundation
import SceneryCore
import SceneryTransport

/// Where things are when the tests run: the repo, the built `scenery`, the transcripts.
enum Paths {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `scenery` built next to this test bundle.
    static let binary: URL = {
        let bundleDir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [bundleDir, bundleDir.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("scenery")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return repo.appendingPathComponent(".build/debug/scenery")
    }()

    /// Every `Tests/Transcripts/**/*.transcript`, relative to the repo, sorted.
    static let transcripts: [String] = {
        let root = repo.appendingPathComponent("Tests/Transcripts")
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".transcript") }.sorted().map { "Tests/Transcripts/" + $0 }
    }()

    /// The transcripts that read nothing outside the repository.
    static let selfContained = transcripts.filter { (try? Transcript.load($0))?.needs.isEmpty ?? true }
    /// The transcripts with `# needs:` comments (the briefs' data in ../shared).
    static let needingShared = transcripts.filter { !selfContained.contains($0) }
    /// What `needingShared` reads that is missing, relative to the repository.
    static let missingShared: [String] = needingShared.flatMap { path -> [String] in
        guard let transcript = try? Transcript.load(path) else { return [] }
        let folder = repo.appendingPathComponent(Replay.folder(of: path))
        // Named from the repository (`../shared/seed-data/GoTest`), not from the transcript.
        let parent = repo.deletingLastPathComponent().standardized.path + "/"
        return transcript.missingNeeds(inFolder: folder.path).map { needed in
            let absolute = folder.appendingPathComponent(needed).standardized.path
            return absolute.hasPrefix(parent) ? "../" + absolute.dropFirst(parent.count) : absolute
        }
    }

    /// The folder of a transcript, where the engine replaying it runs.
    static func folder(of transcript: String) -> URL {
        repo.appendingPathComponent(Replay.folder(of: transcript))
    }
}

/// How long a program the tests run may take before it is killed with its process group: a hang
/// then fails its test instead of holding the whole run (CI gives up at 90 minutes, and a time
/// limit of Swift Testing cannot stop a thread that waits on a pipe). Far above the slowest
/// program (the browser's scene tests, under 20 minutes in a loaded AddressSanitizer run), and
/// short enough that a run with one hang still ends and says which.
let programDeadline: TimeInterval = 40 * 60

/// Runs a program in `directory` (the repo by default); stdin from bytes, stdout and status back.
/// Past `deadline` seconds the program and every process of its group (Foundation starts it in a
/// group of its own) are killed, and stderr ends with a line saying so.
func runProcess(_ executable: URL, _ arguments: [String], stdin: [UInt8] = [], in directory: URL = Paths.repo,
                deadline: TimeInterval = programDeadline) throws -> (status: Int32, stdout: [UInt8], stderr: String) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    let input = Pipe(), output = Pipe(), errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let watchdog = Watchdog(group: process.processIdentifier, after: deadline)
    defer { watchdog.cancel() }
    // Write stdin from another thread so a large input cannot deadlock against a full stdout pipe.
    let writer = Thread {
        input.fileHandleForWriting.write(Data(stdin))
        try? input.fileHandleForWriting.close()
    }
    writer.start()
    final class Box: @unchecked Sendable { var data = Data() }
    let errorBox = Box()
    let errorReader = Thread { errorBox.data = errors.fileHandleForReading.readDataToEndOfFile() }
    errorReader.start()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let status = waitForExit(process)
    while errorReader.isExecuting { usleep(1000) }
    let killed = watchdog.fired ? "\n(killed with its process group after \(Int(deadline)) s: the program hung)\n" : ""
    return (status, [UInt8](out), String(decoding: errorBox.data, as: UTF8.self) + killed)
}

/// Kills a process group with SIGKILL once `after` seconds have passed, unless cancelled first.
final class Watchdog: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var didFire = false

    init(group: Int32, after seconds: TimeInterval) {
        Thread { [self] in
            guard done.wait(timeout: .now() + seconds) == .timedOut else { return }
            lock.withLock { didFire = true }
            kill(-group, SIGKILL)
        }.start()
    }

    /// Whether the deadline passed and the group was killed.
    var fired: Bool { lock.withLock { didFire } }

    func cancel() { done.signal() }
}

/// Waits for `process` to end and gives its exit status (or, killed, its signal's number, as
/// Foundation does). Foundation's own wait on Linux now and then misses an end under load: in a
/// clean-clone AddressSanitizer run a node child was left a zombie and `waitUntilExit` slept for
/// ever in its run loop, holding the run. So the child is reaped here with `waitpid` when
/// Foundation has not reaped it.
func waitForExit(_ process: Process) -> Int32 {
    let pid = process.processIdentifier
    while process.isRunning {
        var status: Int32 = 0
        let reaped = waitpid(pid, &status, WNOHANG)
        if reaped == pid {
            let signal = status & 0x7F
            return signal == 0 ? (status >> 8) & 0xFF : signal
        }
        if reaped == -1 {
            // Foundation reaped it first: its own state follows in a moment.
            for _ in 0..<5000 where process.isRunning { usleep(1000) }
            break
        }
        usleep(2000)
    }
    return process.isRunning ? -1 : process.terminationStatus
}

/// `runProcess` on a thread of its own, awaited, at most two such programs at once. A test that
/// waits minutes for a program (a browser, the Qt window, a package install) then holds none of
/// the cooperative threads Swift Testing runs tests on, two on a two-CPU machine, so the other
/// suites go on meanwhile: blocking there, these tests held both threads for minutes and six Hoo
/// tests hit their ten-minute hang guard before they had run. And they take turns, two at a time
/// (`ProgramSlots`): run all at once, a dozen browsers, Qt windows and engines on two CPUs made
/// their own real-clock waits time out (both seen in clean-clone CI runs).
func runProcessOnItsOwnThread(_ executable: URL, _ arguments: [String], stdin: [UInt8] = [], in directory: URL = Paths.repo) async throws -> (status: Int32, stdout: [UInt8], stderr: String) {
    await ProgramSlots.shared.acquire()
    defer { ProgramSlots.shared.release() }
    return try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try runProcess(executable, arguments, stdin: stdin, in: directory) }) }.start()
    }
}

/// Turns for the programs tests wait for: `width` run at once, the rest wait their turn by
/// suspending (never blocking a thread), first come first served.
final class ProgramSlots: @unchecked Sendable {
    static let shared = ProgramSlots(width: 2)

    private let lock = NSLock()
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(width: Int) { free = width }

    func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            lock.lock()
            if free > 0 {
                free -= 1
                lock.unlock()
                continuation.resume()
            } else {
                waiting.append(continuation)
                lock.unlock()
            }
        }
    }

    func release() {
        lock.lock()
        if waiting.isEmpty {
            free += 1
            lock.unlock()
        } else {
            let next = waiting.removeFirst()
            lock.unlock()
            next.resume()
        }
    }
}

extension Transcript {
    static func load(_ path: String) throws -> Transcript {
        let data = try Data(contentsOf: Paths.repo.appendingPathComponent(path))
        return try Transcript(parsing: [UInt8](data))
    }

    /// The engine's input for this transcript: every request line, newline-terminated.
    var input: [UInt8] { steps.flatMap { $0.request + [0x0A] } }
}
