import Foundation
import Testing
import SceneryCore
import SceneryEngine
import SceneryTransport

/// The built `scenery` as a child process, driven line by line, mirroring its state from every
/// patch: for tests where time is real (downloads on threads, a local HTTP server).
final class LiveEngine {
    let process = Process()
    private let input = Pipe(), output = Pipe()
    private var buffer: [UInt8] = []
    private var nextID = 1
    /// The state as the patches so far make it.
    private(set) var state: JSON = .null
    private(set) var notifications: [JSON] = []

    init(arguments: [String] = [], directory: URL = Paths.repo) throws {
        process.executableURL = Paths.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }  // SIGTERM may be blocked (see TestServer)
    }

    /// Sends a request and returns its response, taking every line before it in.
    @discardableResult
    func request(_ method: String, _ params: JSON = .object(JSONObject()), timeout: Double = 30) throws -> JSON {
        let id = nextID
        nextID += 1
        let line = CanonicalJSON.encode(["jsonrpc": "2.0", "id": .number(Double(id)), "method": .string(method), "params": params])
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let message = try readMessage(until: deadline)
            if message["id"] == .number(Double(id)) { return message }
        }
    }

    /// Reads notifications until `done` holds for the mirrored state (or the time is up).
    func wait(timeout: Double = 30, until done: (JSON) -> Bool) throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !done(state) {
            guard (try? readMessage(until: deadline)) != nil else { return done(state) }
        }
        return true
    }

    func shutdown() throws {
        _ = try? request("shutdown")
        input.fileHandleForWriting.closeFile()
        process.waitUntilExit()
    }

    private func readMessage(until deadline: Date) throws -> JSON {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                let message = try JSONParser.parse(line)
                take(message)
                return message
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw LiveEngineError.timedOut }
            var descriptor = pollfd(fd: output.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(min(remaining, 1) * 1000)) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = read(descriptor.fd, &chunk, chunk.count)
            guard count > 0 else { throw LiveEngineError.ended }
            buffer += chunk[0..<count]
        }
    }

    /// The `rev` of every line that carried one, in arrival order.
    private(set) var revs: [Int] = []
    /// Each line whose patch did not apply to the mirror, or whose rev was not the one after the
    /// mirror's (a line that overtook another), with why.
    private(set) var disorder: [String] = []
    /// When each line arrived (seconds since 1970, as Python's `time.time()`), with the line.
    private(set) var arrivals: [(time: Double, message: JSON)] = []

    private func take(_ message: JSON) {
        arrivals.append((Date().timeIntervalSince1970, message))
        guard let change = message["result"] ?? (message["method"] == "patch" ? message["params"] : nil) else { return }
        if message["method"] != nil { notifications.append(message) }
        if change["engine"] != nil, let initial = change["state"] {
            state = initial
            revs.append(Int(change["rev"]?.numberValue ?? 0))
            return
        }
        guard let rev = change["rev"]?.numberValue.map(Int.init), let patch = change["patch"] else { return }
        let empty = patch.arrayValue?.isEmpty ?? true
        if let last = revs.last, rev != (empty ? last : last + 1) {
            disorder.append("rev \(rev) after rev \(last) (\(empty ? "empty" : "non-empty") patch): \(CanonicalJSON.encode(message).prefix(200))")
        }
        revs.append(rev)
        do {
            state = try JSONPatch.apply(patch, to: state)
        } catch {
            disorder.append("rev \(rev): the patch does not apply: \(error)")
        }
    }
}

enum LiveEngineError: Error { case timedOut, ended }

/// A test server of `Tests/Support/` (`photo_server.py` by default, or `http_faults.py`) on a
/// free port of 127.0.0.1, stopped when released.
final class TestServer {
    let process = Process()
    let port: Int

    init(script: String = "photo_server.py") throws {
        let out = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Paths.repo.appendingPathComponent("Tests/Support/\(script)").path]
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line: [UInt8] = []
        while line.last != 0x0A {
            let byte = out.fileHandleForReading.readData(ofLength: 1)
            guard let first = byte.first else { break }
            line.append(first)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).dropFirst("PORT ".count).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw LiveEngineError.ended
        }
        self.port = port
    }

    /// SIGKILL: a child of the test runner inherits its blocked SIGTERM, so `terminate()` would
    /// leave the server running.
    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// `/stats`: image requests by path, and the most at once.
    func stats() throws -> (requests: [String: Int], maxConcurrent: Int) {
        let json = try self.json("/stats")
        var requests: [String: Int] = [:]
        for (path, count) in json["requests"]?.objectValue ?? [:] { requests[path] = Int(count.numberValue ?? 0) }
        return (requests, Int(json["maxConcurrent"]?.numberValue ?? 0))
    }

    /// GETs `path` and reads it as JSON.
    func json(_ path: String) throws -> JSON {
        let url = url(path)
        return try JSONParser.parse(RunBlocking.run { await HTTPClient.get(url, maxBytes: 1 << 20) }.get())
    }
}
