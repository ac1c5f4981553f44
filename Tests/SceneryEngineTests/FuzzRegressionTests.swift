import Foundation
import Testing
import SceneryFuzzChecks

/// Every input a fuzz target ever failed on (`Fuzz/regressions/TARGET/NAME`) stays a test: the
/// target's check (``FuzzCheck``) must pass on it. A crash here is the finding coming back.
@Suite("Fuzz findings")
struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/regressions")

    /// `(target, file)` for every saved finding.
    static let findings: [FuzzFinding] = FuzzCheck.allCases.flatMap { check -> [FuzzFinding] in
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(check.rawValue).path)) ?? []
        return names.sorted().map { FuzzFinding(check: check, name: $0) }
    }

    @Test("each saved finding passes its target's check", arguments: findings)
    func findingPasses(finding: FuzzFinding) throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent(finding.check.rawValue).appendingPathComponent(finding.name))
        #expect(finding.check.run([UInt8](data)) == nil)
    }

    @Test("the seed inputs of every check pass (a check that cannot fail on good input is still exercised)")
    func seedsPass() {
        #expect(FuzzCheck.json.run(Array(#"{"a":[1,2.5,"\u00e9",null,true]}"#.utf8)) == nil)
        #expect(FuzzCheck.request.run(Array("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"snapshot\"}\nnot json\n".utf8)) == nil)
        #expect(FuzzCheck.zip.run(Array("PK\u{5}\u{6}".utf8) + [UInt8](repeating: 0, count: 18)) == nil)
        #expect(FuzzCheck.session.run([2, 0] + Array(#"{"jsonrpc":"2.0","id":3,"method":"reshuffle"}"#.utf8)) == nil)
    }
}

/// One saved finding: the target's check and the file's name.
struct FuzzFinding: Sendable, CustomTestStringConvertible {
    let check: FuzzCheck
    let name: String
    var testDescription: String { "\(check.rawValue)/\(name)" }
}
