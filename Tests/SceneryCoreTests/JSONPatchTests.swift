import Foundation
import Testing
import SceneryTestSupport
@testable import SceneryCore

/// The RFC 6902 conformance suite, read from ../shared/conformance (never copied into the repo).
enum ConformanceSuite {
    static let relative = "conformance/json-patch-tests"
    static let folder = URL(fileURLWithPath: SharedData.path(relative))
    static let needed = SharedData.needs(relative, "the RFC 6902 json-patch-tests suite")

    struct Case: CustomTestStringConvertible, Sendable {
        let file: String
        let index: Int
        let record: JSON
        var testDescription: String { "\(file)#\(index): \(record["comment"]?.stringValue ?? "")" }
    }

    static func cases() -> [Case] {
        ["tests.json", "spec_tests.json"].flatMap { file -> [Case] in
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(file).path),
                  case .array(let records)? = try? JSONParser.parse([UInt8](data)) else { return [] }
            return records.enumerated().compactMap { index, record in
                record["disabled"] == .bool(true) ? nil : Case(file: file, index: index, record: record)
            }
        }
    }
}

@Suite("JSON Patch")
struct JSONPatchTests {
    @Test("the conformance suite is present", ConformanceSuite.needed)
    func suitePresent() {
        #expect(ConformanceSuite.cases().count > 100, "expected the json-patch-tests suite at \(ConformanceSuite.folder.path)")
    }

    @Test("passes the RFC 6902 conformance suite", ConformanceSuite.needed, arguments: ConformanceSuite.cases())
    func conformance(testCase: ConformanceSuite.Case) throws {
        let record = testCase.record
        let doc = try #require(record["doc"])
        let patch = try #require(record["patch"])
        if let expected = record["expected"] {
            #expect(try JSONPatch.apply(patch, to: doc) == expected)
        } else if record["error"] != nil {
            #expect(throws: JSONPatchError.self) { try JSONPatch.apply(patch, to: doc) }
        } else {
            _ = try JSONPatch.apply(patch, to: doc)
        }
    }

    @Test("a diff applied to the old document gives the new one, for random documents")
    func diffRoundTrip() throws {
        var random = SeededRandom(seed: 99)
        func value(_ depth: Int) -> JSON {
            switch random.below(depth > 5 ? 4 : 6) {
            case 0: return .null
            case 1: return .number(Double(random.below(5)))
            case 2: return .string(["a", "b/c", "~d", ""][random.below(4)])
            case 3: return .bool(random.below(2) == 0)
            case 4: return .array((0..<random.below(3)).map { _ in value(depth + 1) })
            default:
                var object = JSONObject()
                // Keys that a pointer escapes, and keys that JSON escapes inside the path string.
                for _ in 0..<random.below(5) { object[["x", "y", "a/b", "m~n", "z", "q\"t", "nl\n", "b\\s"][random.below(8)]] = value(depth + 1) }
                return .object(object)
            }
        }
        for _ in 0..<2000 {
            let old = value(0), new = value(0)
            let patch = JSONPatch.diff(from: old, to: new)
            #expect(try JSONPatch.apply(.array(patch), to: old) == new)
            if old == new { #expect(patch.isEmpty) }
            // The bytes the engine sends are the canonical encoding of those operations.
            var writer = PatchWriter()
            JSONPatch.diff(old, new, path: PatchPath(""), into: &writer)
            #expect(writer.count == patch.count)
            #expect(writer.json().description == JSON.array(patch).description)
        }
    }

    @Test("a patch writer is a value: a copy, or the JSON it handed over, does not change when the other writes on")
    func writerCopies() {
        var first = PatchWriter()
        first.append("replace", PatchPath("/a"), 1)
        var second = first
        second.append("remove", PatchPath("/b"), nil)
        first.append("add", PatchPath("/c"), "x")
        #expect(first.operations == [["op": "replace", "path": "/a", "value": 1], ["op": "add", "path": "/c", "value": "x"]])
        #expect(second.operations == [["op": "replace", "path": "/a", "value": 1], ["op": "remove", "path": "/b"]])
        let handed = first
        let json = handed.json()
        first.append("remove", PatchPath("/d"), nil)
        #expect(json.description == #"[{"op":"replace","path":"/a","value":1},{"op":"add","path":"/c","value":"x"}]"#)
        #expect(first.count == 3)
        #expect(PatchWriter().json().description == "[]")
        // A patch longer than the first buffer grows it and keeps every operation.
        var long = PatchWriter()
        for i in 0..<500 { long.append("add", PatchPath("/items/\(i)"), .string(String(repeating: "v", count: i % 40))) }
        #expect(long.operations.count == 500)
        #expect(long.operations[499] == ["op": "add", "path": "/items/499", "value": .string(String(repeating: "v", count: 19))])
    }

    @Test("raw JSON values are equal when their bytes are, whether an array or a patch holds them")
    func rawEquality() {
        var writer = PatchWriter()
        writer.append("remove", PatchPath("/x"), nil)
        let fromPatch = writer.json()
        let fromBytes = JSON.raw(RawJSON(canonicalBytes: Array(#"[{"op":"remove","path":"/x"}]"#.utf8)))
        #expect(fromPatch == fromBytes)
        #expect(fromPatch != JSON.raw(RawJSON(canonicalBytes: Array("[]".utf8))))
        if case .raw(let raw) = fromPatch { #expect(String(decoding: raw.canonicalBytes, as: UTF8.self) == #"[{"op":"remove","path":"/x"}]"#) }
    }

    @Test("a change deep in one member is one operation on that member's path")
    func minimalDiff() {
        let old: JSON = ["nodes": ["a.b": ["frame": [0, 0, 1, 1], "z": 1], "c": ["z": 2]]]
        let new: JSON = ["nodes": ["a.b": ["frame": [0, 5, 1, 1], "z": 1], "c": ["z": 2], "d/e": ["z": 3]]]
        #expect(JSONPatch.diff(from: old, to: new) == [
            ["op": "replace", "path": "/nodes/a.b/frame", "value": [0, 5, 1, 1]],
            ["op": "add", "path": "/nodes/d~1e", "value": ["z": 3]],
        ])
    }
}

@Suite("Seeded random numbers")
struct SeededRandomTests {
    @Test("the same seed gives the same sequence (pinned values, identical on every platform)")
    func pinned() {
        var random = SeededRandom(seed: 1)
        let values = (0..<3).map { _ in random.next() }
        var again = SeededRandom(seed: 1)
        #expect(values == (0..<3).map { _ in again.next() })
        var other = SeededRandom(seed: 2)
        #expect(values[0] != other.next())
        var bounded = SeededRandom(seed: 5)
        let draws = (0..<1000).map { _ in bounded.below(7) }
        #expect(Set(draws) == Set(0..<7))
    }
}

@Suite("Base64 and PNG")
struct EncodingTests {
    @Test("base64 matches RFC 4648 test vectors", arguments: [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foobar", "Zm9vYmFy")])
    func base64(input: String, output: String) {
        #expect(Base64.encode(Array(input.utf8)) == output)
    }

    @Test("a drawn canvas encodes to a PNG of its size")
    func png() {
        var canvas = Canvas(width: 5, height: 3, fill: 0xFF00_00FF)
        canvas.fillRect(x: 0, y: 0, width: 2, height: 2, color: 0x0000_00FF)
        let image = canvas.png()
        let sniffed = ImageData.sniff(image.bytes)
        #expect(sniffed?.mime == "image/png")
        #expect(sniffed?.width == 5 && sniffed?.height == 3)
    }
}
