import Foundation
import Testing
import SceneryTestSupport
import SceneryCore
import SceneryEngine
@testable import SceneryTransport

@Suite("Line framing")
struct LineFramerTests {
    func events(_ chunks: [[UInt8]], limit: Int = 10) -> [LineEvent] {
        var framer = LineFramer(limit: limit)
        var events: [LineEvent] = []
        for chunk in chunks { framer.feed(chunk) { events.append($0) } }
        framer.finish { events.append($0) }
        return events
    }

    @Test("splits lines across chunk boundaries and keeps a last line without newline")
    func splitting() {
        #expect(events([Array("ab\ncd".utf8), Array("e\nf".utf8)]) == [.line(Array("ab".utf8)), .line(Array("cde".utf8)), .line(Array("f".utf8))])
    }

    @Test("skips blank lines")
    func blank() {
        #expect(events([Array("\n  \n\r\nx\n".utf8)]) == [.line(Array("x".utf8))])
    }

    @Test("an over-limit line is reported with its size and the next line still arrives")
    func overlong() {
        let big = [UInt8](repeating: 0x61, count: 25)
        #expect(events([Array(big[0..<7]), Array(big[7...]) + [0x0A] + Array("ok\n".utf8)]) == [.overlong(byteCount: 25), .line(Array("ok".utf8))])
        #expect(events([Array(String(repeating: "a", count: 10).utf8) + [0x0A]]) == [.line(Array(String(repeating: "a", count: 10).utf8))])
    }

    @Test("an endless line never holds more than the limit in memory")
    func boundedMemory() {
        var framer = LineFramer(limit: 1000)
        var events: [LineEvent] = []
        let chunk = [UInt8](repeating: 0x5B, count: 1 << 16)
        for _ in 0..<200 { framer.feed(chunk) { events.append($0) } }  // 13 MB, no newline
        #expect(events.isEmpty)
        framer.finish { events.append($0) }
        #expect(events == [.overlong(byteCount: 200 << 16)])
    }
}

@Suite("Transcripts")
struct TranscriptFormatTests {
    @Test("byte expressions produce the bytes a text file cannot hold")
    func byteExpressions() throws {
        #expect(try Transcript.evaluate(#""[" *3 "]" *3"#) == Array("[[[]]]".utf8))
        #expect(try Transcript.evaluate(#""a\"b" 0xFF 0x00"#) == Array("a\"b".utf8) + [0xFF, 0x00])
        #expect(throws: (any Error).self) { try Transcript.evaluate("0xZZ") }
    }

    @Test("record's request lines parse back to the same bytes")
    func recordRoundTrip() throws {
        for bytes in [Array(#"{"a":1}"#.utf8), [0x7B, 0xFF, 0x00, 0x7D], [UInt8](repeating: 0x5B, count: 5000) + [0x0A, 0x22]] {
            let line = Transcript.requestLine(bytes)
            let transcript = try Transcript(parsing: Array((line + "\n").utf8))
            #expect(transcript.steps.first?.request == bytes)
        }
    }

    @Test("--update replaces responses and keeps comments")
    func update() throws {
        let text = "# hello\n> {\"a\":1}\n< old\n\n> x\n"
        let transcript = try Transcript(parsing: Array(text.utf8))
        #expect(transcript.updated(with: [["new1", "new2"], []]) == "# hello\n> {\"a\":1}\n< new1\n< new2\n\n> x\n")
    }
}

@Suite("Reading stdin")
struct FileInputTests {
    /// A pipe: (read end, write end).
    func pipePair() throws -> (Int32, Int32) {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        return (fds[0], fds[1])
    }

    @Test("with a spin time, input written meanwhile is read, and end of input still reads 0")
    func spinThenRead() throws {
        let (readEnd, writeEnd) = try pipePair()
        defer { close(readEnd) }
        let input = FileInput(fd: readEnd, spinNanoseconds: 200_000_000)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64, alignment: 1)
        defer { buffer.deallocate() }
        // Written while the reader is spinning: read returns it.
        let writer = Thread {
            usleep(20_000)
            _ = "ab\n".withCString { write(writeEnd, $0, 3) }
        }
        writer.start()
        #expect(input.read(into: buffer) == 3)
        #expect(Array(buffer.prefix(3)) == Array("ab\n".utf8))
        // Closed while the reader spins: poll reports it at once and read gives 0.
        close(writeEnd)
        #expect(input.read(into: buffer) == 0)
    }

    @Test("a spin that sees no input ends, and the read then blocks until input comes")
    func spinTimesOut() throws {
        let (readEnd, writeEnd) = try pipePair()
        defer { close(readEnd) }
        let input = FileInput(fd: readEnd, spinNanoseconds: 1_000_000)  // 1 ms
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64, alignment: 1)
        defer { buffer.deallocate() }
        let writer = Thread {
            usleep(50_000)  // well after the spin has given up
            _ = "x".withCString { write(writeEnd, $0, 1) }
            close(writeEnd)
        }
        writer.start()
        #expect(input.read(into: buffer) == 1)
        #expect(input.read(into: buffer) == 0)
    }
}

@Suite("Live files")
struct LiveFileTests {
    @Test("a symbolic link is reported as one, described by its target; a dangling link does not exist")
    func symbolicLinks() throws {
        let folder = NSTemporaryDirectory() + "scenery-links-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("12345".utf8).write(to: URL(fileURLWithPath: folder + "/file"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: folder + "/file")
        try FileManager.default.createSymbolicLink(atPath: folder + "/folder-link", withDestinationPath: folder)
        try FileManager.default.createSymbolicLink(atPath: folder + "/dangling", withDestinationPath: folder + "/nothing")
        // The kind, size and link flag (the modification time is the clock's).
        func kind(_ path: String) -> FileInfo? {
            LiveEnvironment.fileInfo(path).map { FileInfo(isDirectory: $0.isDirectory, size: $0.size, isSymbolicLink: $0.isSymbolicLink, special: $0.special) }
        }
        #expect(kind(folder + "/file") == FileInfo(isDirectory: false, size: 5, isSymbolicLink: false))
        #expect(kind(folder + "/link") == FileInfo(isDirectory: false, size: 5, isSymbolicLink: true))
        #expect(kind(folder + "/folder-link") == FileInfo(isDirectory: true, size: 0, isSymbolicLink: true))
        #expect((LiveEnvironment.fileInfo(folder + "/file")?.modified ?? 0) > 1_600_000_000)
        #expect(LiveEnvironment.fileInfo(folder + "/dangling") == nil)
    }
}

@Suite("CPU affinity")
struct CPUAffinityTests {
    @Test("counts the CPUs of the Cpus_allowed mask, commas and all")
    func mask() {
        #expect(CPUAffinity.cpuCount(status: "Name:\tscenery\nCpus_allowed:\t3\nCpus_allowed_list:\t0-1\n") == 2)
        #expect(CPUAffinity.cpuCount(status: "Cpus_allowed:\t1\n") == 1)
        #expect(CPUAffinity.cpuCount(status: "Cpus_allowed:\tff,ffffffff\n") == 40)
        #expect(CPUAffinity.cpuCount(status: "Cpus_allowed:\tzz\n") == nil)
        #expect(CPUAffinity.cpuCount(status: "Name:\tscenery\n") == nil)
    }

    @Test("confined to one CPU the engine does not spin; otherwise it takes the spin it is given")
    func spin() {
        let count = CPUAffinity.allowedCPUCount()
        #if os(Linux)
        #expect(count != nil && count! >= 1)
        #endif
        #expect(CPUAffinity.defaultSpinMicroseconds(spinning: 200) == (count == 1 ? 0 : 200))
    }
}

/// The engine reads regular files and folders only: a FIFO would block a read forever (and with
/// it the whole engine), a character device such as `/dev/zero` would never end. Each is refused
/// before it is opened, with the reason, and the session goes on.
@Suite("Files the engine reads", .hangGuard)
struct SpecialFileTests {
    static func temporaryFIFO() throws -> String {
        let path = NSTemporaryDirectory() + "scenery-fifo-\(UUID().uuidString)"
        #expect(mkfifo(path, 0o600) == 0)
        return path
    }

    @Test("readFile, readFileRange and listDirectory refuse a FIFO and a character device without blocking")
    func refusedWithoutBlocking() async throws {
        let fifo = try Self.temporaryFIFO()
        defer { unlink(fifo) }
        let environment = LiveEnvironment.make()
        for path in [fifo, "/dev/zero"] {
            let kind = path == fifo ? "a FIFO" : "a character device"
            let reason = "\(path): is \(kind), not a regular file or folder; only regular files and folders are read"
            #expect(throws: RPCError(code: ErrorCode.fileUnreadable, message: reason)) { try environment.readFile(path) }
            #expect(throws: RPCError(code: ErrorCode.fileUnreadable, message: reason)) { try environment.readFileRange(path, 0, 16) }
            #expect(throws: RPCError(code: ErrorCode.fileUnreadable, message: reason)) { try environment.listDirectory(path) }
            #expect(environment.fileInfo(path)?.special == kind)
            #expect(await environment.loadImage("file://" + path, false) == .failure(ImageLoadFailure(reason)))
        }
    }

    @Test("a scene opened on a FIFO or a device answers -32005 and the session goes on")
    func sceneOpenOnAFIFO() throws {
        let fifo = try Self.temporaryFIFO()
        defer { unlink(fifo) }
        let engine = Engine(environment: LiveEnvironment.make())
        _ = engine.handle(#"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#)
        for (id, params) in [(2, #"{"scene":"directory","people":"\#(fifo)"}"#), (3, #"{"scene":"directory","events":"/dev/zero"}"#),
                             (4, #"{"scene":"hoo","sets":"\#(fifo)"}"#)] {
            let answer = engine.handle(#"{"jsonrpc":"2.0","id":\#(id),"method":"scene.open","params":\#(params)}"#)
            if id == 4 {
                // A sets path is a load job: the scene opens and reports the source's failure.
                #expect(answer.last?.contains("is a FIFO, not a regular file or folder") == true, "\(answer)")
            } else {
                #expect(answer.first?.contains(#""code":-32005"#) == true && answer.first?.contains("not a regular file or folder") == true, "\(answer)")
            }
        }
        #expect(engine.handle(#"{"jsonrpc":"2.0","id":5,"method":"snapshot"}"#).first?.contains(#""result""#) == true)
    }

    @Test("relative paths are taken from the base folder when one is given, and messages keep them as given")
    func baseDirectory() throws {
        let folder = NSTemporaryDirectory() + "scenery-base-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/data", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("[1]".utf8).write(to: URL(fileURLWithPath: folder + "/data/x.json"))
        let environment = LiveEnvironment.make(baseDirectory: folder)
        #expect(try environment.readFile("data/x.json") == Array("[1]".utf8))
        #expect(try environment.listDirectory("data") == ["x.json"])
        #expect(environment.fileInfo("data/x.json")?.size == 3)
        #expect(throws: RPCError.self) { try environment.readFile("data/missing.json") }
        do { _ = try environment.readFile("data/missing.json") } catch { #expect(error.message.hasPrefix("data/missing.json: ")) }
        #expect(try environment.readFile(folder + "/data/x.json") == Array("[1]".utf8))
    }
}
