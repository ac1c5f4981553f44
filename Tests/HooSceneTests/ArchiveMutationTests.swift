import Testing
import SceneryTestSupport
import SceneryCore
import SceneryTransport
@testable import HooScene

/// A small deterministic generator for mutations (xorshift64*), so a failure replays.
private struct Mutator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state ^= state >> 12; state ^= state << 25; state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }
}

/// Values that break parsers when they land in a size, count or offset field.
private let awkwardFields: [UInt32] = [0, 1, 0x7F, 0xFF, 0xFFFF, 0x1_0000, 0x7FFF_FFFF, 0xFFFF_FFFE, 0xFFFF_FFFF]

@Test(.hangGuard)
func damagedArchivesAreRefusedOrLoadIntactNeverCrashOrHang() throws {
    let folder = try HooTestSupport.temporaryFolder("mutations")
    defer { HooTestSupport.removeFolder(folder) }
    try HooTestSupport.run(["python3", HooTestSupport.repoRoot + "/Examples/generators/hoo_sets.py",
                            "--sets", "1", "--hoos", "3", "--macosx", "--out", folder])
    let original = try LiveEnvironment.readRange(folder + "/01.zip", offset: 0, count: LiveEnvironment.fileInfo(folder + "/01.zip")!.size)
    #expect(HooSetLoader.load(path: "01.zip", context: HooTestSupport.context(HooTestSupport.memoryEnvironment(["01.zip": original]))).sets.count == 1)

    var mutator = Mutator(state: 0x9E37_79B9_7F4A_7C15)
    var loaded = 0, refused = 0
    for round in 0..<3_000 {
        var bytes = original
        switch round % 3 {
        case 0:
            for _ in 0...mutator.below(4) { bytes[mutator.below(bytes.count)] = UInt8(truncatingIfNeeded: mutator.next()) }
        case 1:
            // The structures live at the end: aim there most of the time.
            let offset = mutator.below(3) == 0 ? mutator.below(bytes.count - 4) : bytes.count - 4 - mutator.below(min(4_000, bytes.count - 4))
            let value = awkwardFields[mutator.below(awkwardFields.count)]
            for index in 0..<(mutator.below(2) == 0 ? 2 : 4) { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(index))) }
        default:
            bytes.removeLast(1 + mutator.below(bytes.count - 1))
        }
        let environment = HooTestSupport.memoryEnvironment(["01.zip": bytes])
        let result = HooSetLoader.load(path: "01.zip", context: HooTestSupport.context(environment))
        // Reading in pieces (as for files over 4 MiB) must reach the same verdict on the archive.
        #expect(checkedInPieces(environment) == checkedWhole(environment), "round \(round)")
        #expect(result.sets.count + result.failures.count == 1)
        for set in result.sets {
            loaded += 1
            // Loading checked every entry, so every image of a loaded set reads.
            for asset in Array(set.headers.values) + set.hoos.compactMap(\.image) {
                _ = try HooAssetReader.read(asset, environment: environment)
            }
        }
        refused += result.failures.count
    }
    #expect(refused > 2_000)
    #expect(loaded > 0)
}

/// Whether the archive opens and every entry checks out, reading it whole.
private func checkedWhole(_ environment: SceneEnvironment) -> String {
    check(environment, wholeFileBytes: ZipArchive.wholeFileBytes)
}

/// The same, reading the end record, central directory, headers and data piece by piece.
private func checkedInPieces(_ environment: SceneEnvironment) -> String {
    check(environment, wholeFileBytes: 0)
}

private func check(_ environment: SceneEnvironment, wholeFileBytes: Int) -> String {
    do throws(ZipError) {
        let archive = try ZipArchive.open(path: "01.zip", environment: environment, limits: .standard, wholeFileBytes: wholeFileBytes)
        let inflater = ZipInflater()
        for entry in archive.entries { try archive.verify(entry, using: inflater) }
        return "ok"
    } catch {
        return error.description
    }
}
