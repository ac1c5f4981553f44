import Foundation
import Testing
import SceneryTestSupport
import SceneryCore
@testable import HooScene

private let realColors = ["Red", "Yellow", "Blue", "Purple", "Green", "Silver", "Cyan", "Brown", "Orange"]
private let realCounts = [14, 13, 9, 14, 13, 9, 14, 13, 9]
private let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

/// A set archive in memory: `hoo_set.json` and one Hoo folder per title, under `root`.
private func setZip(root: String = "", color: String = "Red", count: Int? = nil, titles: [String] = ["One", "Two"],
                    withImages: Bool = true, hooSet: String? = nil) -> [UInt8] {
    var zip = TestZip()
    zip.entries.append(TestZip.Entry(root + "hoo_set.json", hooSet ?? #"{"Color":"\#(color)","Count":\#(count ?? titles.count),"Extra":[1]}"#))
    zip.entries.append(TestZip.Entry(root + "header@2x.png", "header-2x"))
    for (index, title) in titles.enumerated() {
        let folder = root + (index < 9 ? "0" : "") + "\(index + 1)/"
        zip.entries.append(TestZip.Entry(folder))
        zip.entries.append(TestZip.Entry(folder + "hoo.json", #"{"Title":"\#(title)","PoemLine":"Line \#(index + 1)"}"#))
        if withImages { zip.entries.append(TestZip.Entry(folder + "hoo.png", "image \(index + 1)")) }
    }
    return zip.bytes()
}

private func load(_ files: [String: [UInt8]], _ path: String = "sets", progress: ProgressRecorder = ProgressRecorder()) -> HooLoadResult {
    HooSetLoader.load(path: path, context: HooTestSupport.context(HooTestSupport.memoryEnvironment(files), progress: progress))
}

@Test(SharedData.needs("seed-data/HooView/HooSets", "the nine Hoo archives of the HooView brief")) func theNineRealArchivesLoadInOrderWithTheirColoursAndCounts() throws {
    let progress = ProgressRecorder()
    let path = HooTestSupport.realSets
    let result = HooSetLoader.load(path: path, context: HooTestSupport.context(HooTestSupport.liveEnvironment(), progress: progress))
    #expect(result.failures == [])
    try #require(result.sets.count == 9, "the nine real sets are read from ../shared/seed-data beside the checkout")
    #expect(result.sets.map(\.number) == Array(1...9))
    #expect(result.sets.map(\.color) == realColors)
    #expect(result.sets.map(\.hoos.count) == realCounts)
    #expect(result.sets.allSatisfy { $0.hoos.map(\.number) == Array(1...$0.hoos.count) })
    #expect(result.sets.allSatisfy { Set($0.headers.keys) == [1, 2, 3] })
    let rubies = result.sets[0].hoos[0]
    #expect(rubies.title == "Rubies")
    #expect(rubies.poemLine == "They brought me rubies from the mine")
    #expect(result.sets[8].source == path + "/09.zip")
    #expect(progress.reports == (1...9).map { JobProgress(done: $0, total: 9, item: path + "/0\($0).zip") })
}

@Test(SharedData.needs("seed-data/HooView/HooSets", "the nine Hoo archives of the HooView brief")) func aRealImageIsInflatedWhenAskedFor() throws {
    let environment = HooTestSupport.liveEnvironment()
    let result = HooSetLoader.load(path: HooTestSupport.realSets + "/01.zip", context: HooTestSupport.context(environment))
    let image = try #require(result.sets.first?.hoos.first?.image)
    guard case .archiveEntry(_, let entry) = image else { Issue.record("expected an archive entry, got \(image)"); return }
    #expect(entry.name == "01/01/hoo.png")
    let bytes = try HooAssetReader.read(image, environment: environment)
    #expect(bytes.count == 23_425)
    #expect(Array(bytes.prefix(8)) == pngSignature)
    // IHDR width and height: 640 x 960.
    #expect(Array(bytes[16..<24]) == [0, 0, 2, 128, 0, 0, 3, 192])
}

@Test(SharedData.needs("seed-data/HooView/HooSets", "the nine Hoo archives of the HooView brief")) func aSingleArchivePathLoadsOneSetNumberedByItsName() {
    let progress = ProgressRecorder()
    let path = HooTestSupport.realSets + "/05.zip"
    let result = HooSetLoader.load(path: path, context: HooTestSupport.context(HooTestSupport.liveEnvironment(), progress: progress))
    #expect(result.failures == [])
    #expect(result.sets.map(\.number) == [5])
    #expect(result.sets.map(\.color) == ["Green"])
    #expect(progress.reports == [JobProgress(done: 1, total: 1, item: path)])
}

@Test(SharedData.needs("seed-data/HooView/HooSets", "the nine Hoo archives of the HooView brief")) func anUnzippedRealSetLoadsLikeItsArchiveAndWinsOverIt() throws {
    let folder = try HooTestSupport.temporaryFolder("unzipped")
    defer { HooTestSupport.removeFolder(folder) }
    // Unzip as a user would, __MACOSX and .DS_Store included, next to a copy of the archive.
    try HooTestSupport.run(["python3", "-m", "zipfile", "-e", HooTestSupport.realSets + "/01.zip", folder])
    try HooTestSupport.run(["cp", HooTestSupport.realSets + "/01.zip", HooTestSupport.realSets + "/02.zip", folder])
    let environment = HooTestSupport.liveEnvironment()
    let progress = ProgressRecorder()
    let result = HooSetLoader.load(path: folder, context: HooTestSupport.context(environment, progress: progress))
    #expect(result.failures == [])
    #expect(result.sets.map(\.source) == [folder + "/01", folder + "/02.zip"])
    #expect(progress.reports.map(\.item) == [folder + "/01", folder + "/02.zip"])
    let unzipped = result.sets[0]
    #expect(unzipped.color == "Red")
    #expect(unzipped.hoos.count == 14)
    #expect(unzipped.hoos[0].image == .file(path: folder + "/01/01/hoo.png"))
    #expect(unzipped.headers[3] == .file(path: folder + "/01/header@3x.png"))

    let archived = HooSetLoader.load(path: HooTestSupport.realSets + "/01.zip", context: HooTestSupport.context(environment)).sets[0]
    #expect(archived.hoos.map(\.title) == unzipped.hoos.map(\.title))
    #expect(archived.hoos.map(\.poemLine) == unzipped.hoos.map(\.poemLine))
    #expect(try HooAssetReader.read(unzipped.hoos[13].image!, environment: environment)
        == HooAssetReader.read(archived.hoos[13].image!, environment: environment))

    // The set folder itself is also a path.
    let single = HooSetLoader.load(path: folder + "/01", context: HooTestSupport.context(environment))
    #expect(single.sets.map(\.number) == [1])
    #expect(single.failures == [])
}

/// Two generated sets in `folder`: `01` unzipped (`01/01/hoo_set.json`, ...) and `02.zip`.
func generateUnzippedAndZippedSet(in folder: String) throws {
    let generator = HooTestSupport.repoRoot + "/Examples/generators/hoo_sets.py"
    try HooTestSupport.run(["python3", generator, "--sets", "1", "--hoos", "4", "--unzipped", "--out", folder])
    try HooTestSupport.run(["python3", generator, "--sets", "2", "--hoos", "4", "--out", folder + "/zipped"])
    try FileManager.default.moveItem(atPath: folder + "/zipped/02.zip", toPath: folder + "/02.zip")
    try FileManager.default.removeItem(atPath: folder + "/zipped")
}

@Test func aSymbolicLinkInsideAnUnzippedSetRefusesThatSetOnly() throws {
    // A linked hoo.png would let `asset.read` serve any file the engine can read.
    for linked in ["03/hoo.png", "03", "hoo_set.json"] {
        let folder = try HooTestSupport.temporaryFolder("links")
        defer { HooTestSupport.removeFolder(folder) }
        try generateUnzippedAndZippedSet(in: folder)
        let target = folder + "/01/" + linked
        try FileManager.default.moveItem(atPath: target, toPath: target + ".moved")
        try FileManager.default.createSymbolicLink(atPath: target, withDestinationPath: target + ".moved")
        let result = HooSetLoader.load(path: folder, context: HooTestSupport.context(HooTestSupport.liveEnvironment()))
        #expect(result.sets.map(\.number) == [2], "\(linked)")
        #expect(result.failures.map(\.source) == [folder + "/01"], "\(linked)")
        #expect(result.failures.first?.reason.contains("symbolic links are not supported") == true, "\(linked): \(result.failures)")
    }
}

/// A FIFO in an unzipped set once hung the engine: as `hoo.json` or `hoo_set.json` the load
/// blocked forever, as `hoo.png` the first `asset.read` did. Now the set is refused at load,
/// naming the file, without opening it; the other sets load.
@Test(.hangGuard) func aFIFOInsideAnUnzippedSetRefusesThatSetWithoutOpeningIt() throws {
    for fifo in ["hoo_set.json", "02/hoo.json", "04/hoo.png"] {
        let folder = try HooTestSupport.temporaryFolder("fifo")
        defer { HooTestSupport.removeFolder(folder) }
        try generateUnzippedAndZippedSet(in: folder)
        let target = folder + "/01/" + fifo
        try? FileManager.default.removeItem(atPath: target)
        #expect(mkfifo(target, 0o600) == 0)
        let result = HooSetLoader.load(path: folder, context: HooTestSupport.context(HooTestSupport.liveEnvironment()))
        #expect(result.sets.map(\.number) == [2], "\(fifo)")
        #expect(result.failures.map(\.source) == [folder + "/01"], "\(fifo)")
        #expect(result.failures.first?.reason == "\"\(fifo)\": is a FIFO, not a regular file or folder; only regular files and folders are read",
                "\(fifo): \(result.failures)")
    }
}

/// A FIFO named like an archive (`03.zip`) is refused as a source of its own.
@Test(.hangGuard) func aFIFONamedLikeAnArchiveIsRefusedWithoutOpeningIt() throws {
    let folder = try HooTestSupport.temporaryFolder("fifo-zip")
    defer { HooTestSupport.removeFolder(folder) }
    try generateUnzippedAndZippedSet(in: folder)
    #expect(mkfifo(folder + "/03.zip", 0o600) == 0)
    let result = HooSetLoader.load(path: folder, context: HooTestSupport.context(HooTestSupport.liveEnvironment()))
    #expect(result.sets.map(\.number) == [1, 2])
    #expect(result.failures.map(\.reason) == ["is a FIFO, not a regular file or folder; only regular files and folders are read"])
}

@Test func setsAtTheTopOrInOneFolderLoadFromMemoryWithExtraFieldsIgnored() throws {
    let result = load(["sets/02.zip": setZip(root: "02/", color: "Yellow"), "sets/1.ZIP": setZip(titles: ["A", "B", "C"]),
                       "sets/README.txt": Array("not a set".utf8), "sets/.DS_Store": [0]])
    #expect(result.failures == [])
    #expect(result.sets.map(\.number) == [1, 2])
    #expect(result.sets.map(\.hoos.count) == [3, 2])
    #expect(Array(result.sets[1].headers.keys) == [2])
    guard case .archiveEntry(let archive, let header)? = result.sets[1].headers[2] else { Issue.record("no header"); return }
    #expect(archive == "sets/02.zip")
    #expect(header.name == "02/header@2x.png")
    #expect(result.sets[0].hoos.map(\.title) == ["A", "B", "C"])
}

@Test func countMustMatchTheHooFolders() {
    let result = load(["sets/04.zip": setZip(root: "04/", count: 3)])
    #expect(result.sets == [])
    #expect(result.failures == [HooLoadFailure(source: "sets/04.zip", reason: #"04/hoo_set.json: "Count" is 3 but the set has 2 Hoo folders"#)])
}

@Test func missingOrMistypedFieldsNameTheFileAndField() {
    let result = load([
        "sets/01.zip": setZip(hooSet: #"{"Count":2}"#),
        "sets/02.zip": setZip(hooSet: #"{"Color":"Red","Count":1.5}"#),
        "sets/03.zip": setZip(hooSet: #"["Red",2]"#),
        "sets/04.zip": setZip(hooSet: #"{"Color":"","Count":2}"#),
    ])
    #expect(result.failures.map(\.reason) == [
        #"hoo_set.json: "Color" is missing"#,
        #"hoo_set.json: "Count" must be an integer from 0 to 10000, got 1.5"#,
        "hoo_set.json: expected a JSON object, got array",
        #"hoo_set.json: "Color" is empty"#,
    ])
    var zip = TestZip()
    zip.entries = [TestZip.Entry("hoo_set.json", #"{"Color":"Red","Count":1}"#), TestZip.Entry("01/hoo.json", #"{"Title":3,"PoemLine":"x"}"#)]
    #expect(load(["s.zip": zip.bytes()], "s.zip").failures.map(\.reason) == [#"01/hoo.json: "Title" must be a string, got number"#])
}

@Test func aHooWithoutItsImageLoadsWithoutOne() {
    let result = load(["sets/07.zip": setZip(withImages: false)])
    #expect(result.failures == [])
    #expect(result.sets.first?.hoos.map(\.image) == [nil, nil])
}

@Test func twoSourcesWithOneNumberLoadTheFirstByNameAndReportTheOther() {
    let progress = ProgressRecorder()
    let result = load(["sets/03.zip": setZip(color: "Blue"), "sets/3.zip": setZip(color: "Green"), "sets/01.zip": setZip()],
                      progress: progress)
    #expect(result.sets.map(\.color) == ["Red", "Blue"])
    #expect(result.failures == [HooLoadFailure(source: "sets/3.zip", reason: "set number 3 is taken by sets/03.zip; one source per number is loaded")])
    #expect(progress.reports.map(\.item) == ["sets/01.zip", "sets/03.zip"])
    #expect(progress.reports.map(\.total) == [2, 2])
}

@Test func aMissingPathOrAnEmptyFolderIsOneFailure() {
    #expect(load([:], "nowhere").failures == [HooLoadFailure(source: "nowhere", reason: "no such file or folder")])
    let empty = load(["sets/notes.txt": [1]])
    #expect(empty.failures == [HooLoadFailure(source: "sets", reason: "no set archives (##.zip) or set folders (##) in this folder")])
}

@Test func anArchiveChangedAfterLoadingFailsWhenItsImageIsRead() throws {
    var files = ["s/01.zip": setZip()]
    let set = try #require(load(files, "s").sets.first)
    let image = try #require(set.hoos[0].image)
    #expect(try HooAssetReader.read(image, environment: HooTestSupport.memoryEnvironment(files)) == Array("image 1".utf8))

    // Same length, different content: the CRC catches it.
    guard case .archiveEntry(_, let entry) = image else { Issue.record("not an archive entry"); return }
    files["s/01.zip"]![entry.dataOffset] ^= 0xFF
    let error = #expect(throws: RPCError.self) { try HooAssetReader.read(image, environment: HooTestSupport.memoryEnvironment(files)) }
    #expect(error?.code == ErrorCode.fileMalformed)
    #expect(error?.message.hasPrefix("s/01.zip: entry \"01/hoo.png\": CRC-32 mismatch") == true)

    let gone = #expect(throws: RPCError.self) { try HooAssetReader.read(image, environment: HooTestSupport.memoryEnvironment([:])) }
    #expect(gone?.code == ErrorCode.fileUnreadable)
    #expect(throws: RPCError.notSupported("asset \"hoo.sample.1\" is built in: the scene draws it, there is no file to read")) {
        try HooAssetReader.read(.builtin(name: "hoo.sample.1"), environment: HooTestSupport.memoryEnvironment(files))
    }
}

@Test func generatedSetsLoadTheSameZippedOrUnzippedWithTheirJunkSkipped() throws {
    let folder = try HooTestSupport.temporaryFolder("generated")
    defer { HooTestSupport.removeFolder(folder) }
    let generator = HooTestSupport.repoRoot + "/Examples/generators/hoo_sets.py"
    try HooTestSupport.run(["python3", generator, "--sets", "3", "--hoos", "5", "--macosx", "--out", folder + "/zipped"])
    try HooTestSupport.run(["python3", generator, "--sets", "3", "--hoos", "5", "--macosx", "--unzipped", "--out", folder + "/unzipped"])
    let environment = HooTestSupport.liveEnvironment()
    let zipped = HooSetLoader.load(path: folder + "/zipped", context: HooTestSupport.context(environment))
    let unzipped = HooSetLoader.load(path: folder + "/unzipped", context: HooTestSupport.context(environment))
    #expect(zipped.failures == [])
    #expect(unzipped.failures == [])
    #expect(zipped.sets.map(\.color) == ["Red", "Yellow", "Blue"])
    #expect(zipped.sets.map(\.hoos.count) == [5, 5, 5])
    #expect(zipped.sets.flatMap { $0.hoos.map(\.title) } == unzipped.sets.flatMap { $0.hoos.map(\.title) })
    #expect(Set(zipped.sets.flatMap { $0.hoos.map(\.poemLine) }).count > 10)
    for set in zipped.sets {
        #expect(Set(set.headers.keys) == [1, 2, 3])
        let bytes = try HooAssetReader.read(try #require(set.hoos.last?.image), environment: environment)
        #expect(Array(bytes.prefix(8)) == pngSignature)
    }
}
