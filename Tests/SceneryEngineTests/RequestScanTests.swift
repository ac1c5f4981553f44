import Testing
import SceneryCore
@testable import SceneryEngine

/// ``RequestScan`` reads common requests without the full parser; it must either decline a line
/// or find exactly what the full parser and the envelope check find.
@Suite struct RequestScanTests {
    static func scan(_ line: String) -> (id: JSON, method: String, params: Params)? {
        Array(line.utf8).withUnsafeBufferPointer { RequestScan.scan($0, maxDepth: JSONParser.defaultMaxDepth) }
    }

    /// The full path's answer: the request, or nil when it is an error.
    static func full(_ line: String) -> (id: JSON, method: String, params: JSON)? {
        guard let request = try? JSONParser.parse(Array(line.utf8)),
              let (id, method, params) = try? Engine.envelope(request) else { return nil }
        return (id, method, .object(params.object))
    }

    /// Checks the scan against the full path; returns whether the scan took the line.
    @discardableResult
    static func check(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        guard let scanned = scan(line) else { return false }
        let reference = full(line)
        #expect(reference != nil, "the scan took a line the full parser refuses: \(line)", sourceLocation: sourceLocation)
        if let reference {
            #expect(scanned.id == reference.id && scanned.method == reference.method && JSON.object(scanned.params.object) == reference.params,
                    "\(line)", sourceLocation: sourceLocation)
        }
        return true
    }

    @Test func takesTheRequestsClientsSend() {
        for line in [
            #"{"jsonrpc":"2.0","id":1000,"method":"tap","params":{"id":"cell.1.1"}}"#,
            #"{"jsonrpc":"2.0","id":"a-7","method":"snapshot"}"#,
            #" { "method" : "pan" , "params" : {"phase":"began","x":1.5,"y":-2} , "id" : -12 , "jsonrpc" : "2.0" } "#,
            #"{"id":0,"jsonrpc":"2.0","method":"scroll","params":{}}"#,
            #"{"jsonrpc":"2.0","id":999999999999999,"method":"tap","params":{"id":"\u00e9 \"q\"","n":[1,{"a":null}]}}"#,
        ] {
            #expect(Self.check(line), "\(line)")
        }
    }

    @Test func declinesWhatItDoesNotReadAndTheFullParserAnswers() {
        for line in [
            #"{"jsonrpc":"2.0","id":-0,"method":"tap"}"#,          // minus zero
            #"{"jsonrpc":"2.0","id":01,"method":"tap"}"#,          // leading zero: invalid JSON
            #"{"jsonrpc":"2.0","id":1.0,"method":"tap"}"#,         // a fraction, even a whole one
            #"{"jsonrpc":"2.0","id":1e3,"method":"tap"}"#,
            #"{"jsonrpc":"2.0","id":1234567890123456,"method":"tap"}"#,  // 16 digits
            #"{"jsonrpc":"2.0","id":1,"id":2,"method":"tap"}"#,    // a repeated member
            #"{"jsonrpc":"2.0","id":1,"method":"tap","extra":1}"#, // an unknown member
            #"{"jsonrpc":"2.0","id":"a\"b","method":"tap"}"#,      // an escape in the id
            #"{"jsonrpc":"2.0","id":1,"method":"t\u0061p"}"#,      // an escape in the method
            #"{"jsonrpc":"2.0","id":1,"method":"tap"} x"#,         // bytes after the object
            #"{"jsonrpc":"2.0","id":1,"method":"tap","params":[1]}"#,
            #"{"jsonrpc":"2.0","id":1,"method":"tap","params":{"a":}}"#,
            #"{"jsonrpc":"1.0","id":1,"method":"tap"}"#,
            #"{"id":1,"method":"tap"}"#,                           // no jsonrpc
            #"{"jsonrpc":"2.0","method":"tap"}"#,                  // no id
            #"{"jsonrpc":"2.0","id":null,"method":"tap"}"#,
            #"{"jsonrpc":"2.0","id":1,"method":"tap","#,           // cut short
            #"[1]"#, "", "   ",
        ] {
            #expect(!Self.check(line), "\(line)")
        }
    }

    /// Ids of 15 to 60 digits, either sign: the scan declines every one past 15 digits (the
    /// full parser answers), and nothing traps. A 20-digit id once overflowed the scan's Int and
    /// killed the process (found by a mutation fuzzer).
    @Test func longIntegerIdsNeverTrapAndTakeTheFullParser() {
        for digits in 15...60 {
            for sign in ["", "-"] {
                for first in ["1", "9"] {
                    let number = sign + first + String(repeating: "9", count: digits - 1)
                    let line = #"{"jsonrpc":"2.0","id":"# + number + #","method":"snapshot"}"#
                    #expect(Self.check(line) == (digits <= 15), "\(digits) digits: \(line)")
                }
            }
        }
    }

    /// The engine answers a huge id as the full parser does (-32600, id null), before and after
    /// `initialize`, and keeps serving.
    @Test func theEngineAnswersHugeIdsAndKeepsServing() {
        let engine = Engine(environment: .empty)
        let huge = #"{"jsonrpc":"2.0","id":99999999999999999999,"method":"snapshot"}"#
        for line in [huge, #"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#, huge, #"{"jsonrpc":"2.0","id":-123456789012345678901234567890,"method":"snapshot"}"#] {
            let output = engine.handle(line)
            #expect(output.count == 1)
            if line != #"{"jsonrpc":"2.0","id":1,"method":"initialize"}"# {
                #expect(output.first?.contains(#""code":-32600"#) == true && output.first?.contains(#""id":null"#) == true, "\(output)")
            }
        }
        #expect(engine.handle(#"{"jsonrpc":"2.0","id":2,"method":"snapshot"}"#).first?.contains(#""result""#) == true)
    }

    /// Params nested up to the depth limit and past it: the scan takes exactly the lines the
    /// full parser takes (the request object is one level of the limit).
    @Test func depthLimitIsTheFullParsers() {
        func line(depth: Int) -> String {
            let inner = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
            return #"{"jsonrpc":"2.0","id":1,"method":"tap","params":"# + inner + "}"
        }
        var taken: [Bool] = []
        for depth in (JSONParser.defaultMaxDepth - 3)...(JSONParser.defaultMaxDepth + 2) {
            let full = Self.full(line(depth: depth)) != nil
            #expect(Self.check(line(depth: depth)) == full, "depth \(depth)")
            taken.append(full)
        }
        #expect(taken.first == true && taken.last == false)
    }

    /// Random edits of valid requests: whatever the scan takes, the full path reads the same.
    @Test func randomEditsNeverDisagree() {
        var random = SeededRandom(seed: 3)
        let seeds = [#"{"jsonrpc":"2.0","id":12,"method":"tap","params":{"id":"cell.1.1"}}"#,
                     #"{"method":"pan","id":"x","jsonrpc":"2.0","params":{"phase":"changed","x":3,"y":4}}"#]
        let pieces: [UInt8] = Array(#" {}[]":,\-.0123456789eE"#.utf8) + [0x00, 0x01, 0x0A, 0xC3, 0xA9, 0xFF]
        // Runs of digits too, so that long numbers (which once overflowed the scan) come up.
        let runs: [[UInt8]] = [Array("9999999999".utf8), Array("12345678901234567890".utf8)]
        var taken = 0
        for n in 0..<20_000 {
            var bytes = Array(seeds[n % seeds.count].utf8)
            for _ in 0..<(1 + Int(random.next() % 3)) {
                let at = Int(random.next() % UInt64(bytes.count))
                let piece = pieces[Int(random.next() % UInt64(pieces.count))]
                switch random.next() % 4 {
                case 0: bytes[at] = piece
                case 1: bytes.insert(piece, at: at)
                case 2: bytes.insert(contentsOf: runs[Int(random.next() % 2)], at: at)
                default: bytes.remove(at: at)
                }
            }
            let scanned = bytes.withUnsafeBufferPointer { RequestScan.scan($0, maxDepth: JSONParser.defaultMaxDepth) }
            guard let scanned else { continue }
            taken += 1
            let reference = (try? JSONParser.parse(bytes)).flatMap { try? Engine.envelope($0) }
            #expect(reference != nil, "\(bytes)")
            if let reference {
                #expect(scanned.id == reference.0 && scanned.method == reference.1 && scanned.params.object == reference.2.object, "\(bytes)")
            }
        }
        #expect(taken > 1000)
    }
}
