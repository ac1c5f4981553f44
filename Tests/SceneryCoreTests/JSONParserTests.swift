import Testing
@testable import SceneryCore

@Suite("JSON parsing")
struct JSONParserTests {
    @Test("parses every JSON type and keeps keys sorted")
    func parsesAllTypes() throws {
        let value = try JSONParser.parse(#"{"b":[1,-2.5,3e2,true,false,null],"a":"x\"\\\/\n\u00e9\ud83d\ude00"}"#)
        #expect(value["a"] == .string("x\"\\/\né😀"))
        #expect(value["b"] == [1, -2.5, 300, true, false, .null])
        #expect(value.objectValue?.keys == ["a", "b"])
    }

    @Test("a later duplicate key wins")
    func duplicateKeys() throws {
        #expect(try JSONParser.parse(#"{"a":1,"a":2}"#)["a"] == 2)
    }

    @Test("members in any order, repeated or not, give the object that assigning them in turn gives")
    func membersInAnyOrder() throws {
        var random = SeededRandom(seed: 5)
        let names = ["a", "b", "ab", "B", "é", "a/b", "id", "jsonrpc", ""]
        for _ in 0..<2000 {
            var expected = JSONObject()
            var text: [String] = []
            for k in 0..<random.below(8) {
                let key = names[random.below(names.count)]
                expected[key] = .number(k)
                text.append("\(JSON.string(key)):\(k)")
            }
            let parsed = try JSONParser.parse("{" + text.joined(separator: ",") + "}")
            #expect(parsed == .object(expected))
            #expect(parsed.objectValue?.keys == expected.keys)
        }
    }

    @Test("rejects nesting deeper than the limit without recursing further", arguments: ["[", "{\"a\":"])
    func depthLimit(opener: String) {
        let deep = String(repeating: opener, count: 100_000)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(deep) }
        do {
            _ = try JSONParser.parse(deep, maxDepth: 10)
        } catch {
            #expect(error.reason == .tooDeep(limit: 10))
            #expect(error.offset == 10 * opener.utf8.count)
        }
    }

    @Test("accepts nesting exactly at the limit")
    func depthAtLimit() throws {
        let text = String(repeating: "[", count: 10) + String(repeating: "]", count: 10)
        _ = try JSONParser.parse(text, maxDepth: 10)
    }

    @Test("rejects invalid UTF-8 with its offset", arguments: [
        ([0x22, 0xFF, 0x22], 1), ([0x22, 0xC0, 0x80, 0x22], 1), ([0x22, 0xED, 0xA0, 0x80, 0x22], 1), ([0x22, 0x61, 0xE2, 0x82], 2),
    ] as [([UInt8], Int)])
    func invalidUTF8(bytes: [UInt8], offset: Int) {
        #expect(throws: JSONParseError(reason: .invalidUTF8, offset: offset)) { try JSONParser.parse(bytes) }
    }

    @Test("rejects NUL bytes raw or escaped")
    func nulBytes() {
        #expect(throws: JSONParseError.self) { try JSONParser.parse([0x7B, 0x00, 0x7D]) }
        #expect(throws: JSONParseError(reason: .nulByte, offset: 2)) { try JSONParser.parse([0x22, 0x61, 0x00, 0x22]) }
        #expect(throws: JSONParseError.self) { try JSONParser.parse(#""a\u0000b""#) }
    }

    @Test("rejects what RFC 8259 forbids", arguments: [
        "", "[1,]", "{\"a\":1,}", "01", "1.", ".5", "+1", "NaN", "[1 2]", "\"\\x\"", "\"\t\"", "{a:1}", "'a'", "1e999", "\"\\ud800\"", "[] []", "tru",
    ])
    func rejectsInvalid(text: String) {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
    }

    @Test("error messages say what was found and where")
    func errorMessages() {
        do {
            _ = try JSONParser.parse(#"{"a" 1}"#)
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "expected ':', found '1' at byte 5")
        }
    }
}

@Suite("Canonical JSON output")
struct CanonicalJSONTests {
    @Test("a number that is not finite is written as 0, never null, and rounds to 0 as a point")
    func nonFiniteNumbers() {
        for value in [Double.nan, .infinity, -.infinity, -Double.nan] {
            #expect(CanonicalJSON.encode(.array([.number(value), .number(1)])) == "[0,1]")
            #expect(roundPoint(value) == 0)
        }
        #expect(Rect(x: .nan, y: 1, width: .infinity, height: 2).json == [0, 1, 0, 2])
        #expect(roundPoint(1e300) == 1e300)
    }

    @Test("sorts keys by code point, does not escape slashes, writes non-ASCII as UTF-8")
    func canonicalForm() throws {
        let value = try JSONParser.parse(#"{"é":1,"b":"a/b","B":"\u0001","a":{"z":null,"y":[]}}"#)
        #expect(value.description == #"{"B":"\u0001","a":{"y":[],"z":null},"b":"a/b","é":1}"#)
    }

    @Test("prints numbers the same way every time", arguments: [
        (0.0, "0"), (-0.0, "0"), (42, "42"), (-7, "-7"), (42.667, "42.667"), (0.1, "0.1"), (1e21, "1e+21"), (9007199254740991, "9007199254740991"),
    ] as [(Double, String)])
    func numbers(value: Double, text: String) {
        #expect(JSON.number(value).description == text)
    }

    @Test("writes every non-integral number as Swift's shortest round-trip form, the fast path for thousandths included")
    func numbersMatchTheShortestForm() {
        var random = SeededRandom(seed: 7)
        func uniform() -> Double { Double(random.next() >> 11) / Double(1 << 53) }
        var values: [Double] = [0.5, -0.5, 0.001, -0.001, 0.125, 29.5, 35.75, 999_999_999.999, 1e9 + 0.5, 0.1 + 0.2, 1e-5, 5e-324,
                                Double.ulpOfOne, 1 / 3, 123_456.789_5, -1e15 + 0.5]
        for _ in 0..<20_000 {
            let thousandths = (uniform() * 2e9 - 1e9).rounded()
            values.append(roundPoint(thousandths / 1000 * (uniform() < 0.5 ? 1 : 1e-3)))
            var scale = 1e-15
            for _ in 0..<Int(uniform() * 30) { scale *= 10 }
            values.append((uniform() - 0.5) * scale)
        }
        for value in values where value.rounded() != value {
            #expect(JSON.number(value).description == value.description, "\(value)")
        }
    }

    @Test("escapes quotes, backslashes and control characters at every position of strings of every length")
    func stringEscapes() throws {
        func reference(_ text: String) -> String {
            var out = "\""
            for unit in text.unicodeScalars {
                switch unit {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case "\u{08}": out += "\\b"
                case "\u{0C}": out += "\\f"
                case let c where c.value < 0x20: out += "\\u00" + (c.value < 0x10 ? "0" : "") + String(c.value, radix: 16)
                default: out.unicodeScalars.append(unit)
                }
            }
            return out + "\""
        }
        let specials: [Character] = ["\"", "\\", "\n", "\u{01}", "\u{1F}", "é"]
        for length in 0...40 {
            let plain = String((0..<length).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
            #expect(JSON.string(plain).description == reference(plain))
            for position in 0..<length {
                for special in specials {
                    var characters = Array(plain)
                    characters[position] = special
                    let text = String(characters)
                    #expect(JSON.string(text).description == reference(text), "\(length) \(position)")
                    #expect(try JSONParser.parse(JSON.string(text).description) == .string(text))
                }
            }
        }
    }

    @Test("a patch path escapes ~ and / in its tokens (and JSON's specials) at every position of tokens of every length")
    func pointerEscapes() throws {
        for length in 1...40 {
            for position in 0..<length {
                for special in ["~", "/", "\"", "\u{01}"] as [Character] {
                    var characters = Array(String(repeating: "t", count: length))
                    characters[position] = special
                    let token = String(characters)
                    var patch = PatchWriter()
                    patch.append("remove", PatchPath(prefix: "/a~0b", token), nil)
                    #expect(patch.operations == [["op": "remove", "path": .string("/a~0b/" + JSONPointer.escape(token))]], "\(token)")
                }
            }
        }
    }

    @Test("values longer than the writer's buffer come out whole: many pieces, one long string, a long raw value")
    func longOutput() throws {
        let pieces = (0..<700).map { JSON.string("piece \($0) \"q\"") }
        let long = String(repeating: "abc\\\n", count: 900)
        let raw = JSON.raw(RawJSON(canonicalBytes: Array(JSON.array(pieces).description.utf8)))
        let value: JSON = ["a": .array(pieces), "b": .string(long), "c": raw]
        let text = value.description
        let expected = "{\"a\":" + JSON.array(pieces).description + ",\"b\":" + JSON.string(long).description
            + ",\"c\":" + JSON.array(pieces).description + "}"
        #expect(text.utf8.count > 20_000 && text == expected)
        #expect(try JSONParser.parse(text) == ["a": .array(pieces), "b": .string(long), "c": .array(pieces)])
        var line: [UInt8] = Array("prefix ".utf8)
        CanonicalJSON.writeResult(id: 7, result: ["patch": raw, "rev": 1], to: &line)
        #expect(String(decoding: line, as: UTF8.self) == "prefix {\"id\":7,\"jsonrpc\":\"2.0\",\"result\":{\"patch\":"
            + JSON.array(pieces).description + ",\"rev\":1}}")
    }

    @Test("round-trips through the parser")
    func roundTrip() throws {
        let text = #"{"a":[1,2.5,"x\n\"y"],"b":{"c":true}}"#
        #expect(try JSONParser.parse(text).description == text)
    }
}
