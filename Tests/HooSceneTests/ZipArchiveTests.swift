import Testing
import SceneryTestSupport
import SceneryCore
@testable import HooScene

/// `"hello hello hello hello"` as a raw deflate stream (zlib level 9, no header).
private let helloDeflated: [UInt8] = [203, 72, 205, 201, 201, 87, 200, 64, 39, 1]
private let hello = Array("hello hello hello hello".utf8)
private let helloCRC: UInt32 = 0x8D3D_51E3

private func helloEntry(size: Int = hello.count, crc: UInt32 = helloCRC) -> ZipEntry {
    ZipEntry(name: "a/hello.txt", method: 8, crc32: crc, compressedSize: helloDeflated.count, uncompressedSize: size, dataOffset: 0)
}

private func extract(_ compressed: [UInt8], _ entry: ZipEntry) throws(ZipError) -> [UInt8] {
    let inflater = ZipInflater()
    return try compressed.withZipBytes { (bytes) throws(ZipError) -> [UInt8] in try inflater.extract(bytes, entry: entry) }
}

private func open(_ zip: TestZip, limits: ZipLimits = .standard) throws(ZipError) -> ZipArchive {
    try ZipArchive.open(path: "t.zip", environment: HooTestSupport.memoryEnvironment(["t.zip": zip.bytes()]), limits: limits)
}

private func openError(_ zip: TestZip, limits: ZipLimits = .standard) -> ZipError? {
    do throws(ZipError) { _ = try open(zip, limits: limits); return nil } catch { return error }
}

@Test func inflatingADeflateStreamGivesItsBytesAndChecksTheCRC() throws {
    #expect(try extract(helloDeflated, helloEntry()) == hello)
    let inflater = ZipInflater()
    try helloDeflated.withZipBytes { (bytes) throws(ZipError) in try inflater.verify(bytes, entry: helloEntry()) }
}

@Test func aStreamThatInflatesPastItsDeclaredSizeStopsOneByteAfterIt() {
    #expect(throws: ZipError(.corrupt, entry: "a/hello.txt", "deflate stream inflates past its declared size of 5 bytes")) {
        try extract(helloDeflated, helloEntry(size: 5))
    }
}

@Test func aStreamThatEndsBeforeItsDeclaredSizeIsRefused() {
    #expect(throws: ZipError(.corrupt, entry: "a/hello.txt", "deflate stream ends after 23 bytes, declared 30")) {
        try extract(helloDeflated, helloEntry(size: 30))
    }
}

@Test func aStreamWithoutItsEndIsRefusedWhenTheInputRunsOut() {
    let cut = Array(helloDeflated.dropLast(3))
    var entry = helloEntry()
    entry.compressedSize = cut.count
    #expect(throws: ZipError(.corrupt, entry: "a/hello.txt", "deflate stream does not end within its 7 compressed bytes (truncated or endless)")) {
        try extract(cut, entry)
    }
}

@Test func bytesAfterTheEndOfTheStreamAreRefused() {
    #expect(throws: ZipError(.corrupt, entry: "a/hello.txt", "3 bytes of garbage after the end of the deflate stream")) {
        try extract(helloDeflated + [1, 2, 3], helloEntry())
    }
}

@Test func aWrongCRCIsRefusedForDeflatedAndStoredEntries() {
    #expect(throws: ZipError(.crcMismatch, entry: "a/hello.txt", "CRC-32 mismatch (computed 0x8D3D51E3, declared 0x00000001)")) {
        try extract(helloDeflated, helloEntry(crc: 1))
    }
    let stored = ZipEntry(name: "s", method: 0, crc32: 7, compressedSize: hello.count, uncompressedSize: hello.count, dataOffset: 0)
    #expect(throws: ZipError.self) { try extract(hello, stored) }
}

@Test func garbageIsCorruptDeflateData() {
    let error = #expect(throws: ZipError.self) { try extract([0xFF, 0xFF, 0xFF, 0xFF], helloEntry()) }
    #expect(error?.kind == .corrupt)
    #expect(error?.detail.hasPrefix("corrupt deflate data") == true)
}

@Test func entryNamesThatCouldEscapeOrMisleadAreRefused() {
    let cases: [(String, String)] = [
        ("04/../etc", "path contains \"..\""),
        ("..", "path contains \"..\""),
        ("/etc/passwd", "path starts with \"/\""),
        ("\\evil", "path starts with \"\\\""),
        ("C:/evil", "path starts with the drive prefix \"C:\""),
        ("a\\b", "name contains a backslash"),
        ("a\u{0}b", "name contains a NUL byte"),
        ("a\u{1B}b", "name contains a control character"),
        ("a//b", "path contains an empty segment (\"//\")"),
        ("./a", "path contains a \".\" segment"),
        ("", "empty name"),
    ]
    for (name, expected) in cases {
        let problem = Array(name.utf8).withUnsafeBytes { ZipEntryName.problem($0) }
        #expect(problem == expected, "\(name)")
    }
    let invalidUTF8: [UInt8] = [0x61, 0xFF, 0x62]
    #expect(invalidUTF8.withUnsafeBytes { ZipEntryName.problem($0) } == "name is not valid UTF-8")
    for good in ["01/", "01/02/hoo.png", "..a/b..", "Dünya/hoo.json", "a.b/c"] {
        #expect(Array(good.utf8).withUnsafeBytes { ZipEntryName.problem($0) } == nil, "\(good)")
    }
    #expect(Array("x\u{0}y".utf8).withUnsafeBytes { ZipEntryName.display($0) } == "x\\0y")
}

@Test func theEndRecordIsFoundBehindTheLongestComment() throws {
    var zip = TestZip(entries: [TestZip.Entry("a.txt", "alpha")])
    zip.comment = Array(repeating: UInt8(ascii: "P"), count: 0xFFFF)
    let archive = try open(zip)
    #expect(archive.entries.map(\.name) == ["a.txt"])
    #expect(try archive.extract(archive.entries[0], using: ZipInflater()) == Array("alpha".utf8))
}

@Test func aFileThatIsNotAnArchiveIsRefusedAsSuch() {
    let environment = HooTestSupport.memoryEnvironment(["x.zip": Array(repeating: 7, count: 100_000), "tiny.zip": [1, 2, 3]])
    let big = #expect(throws: ZipError.self) { try ZipArchive.open(path: "x.zip", environment: environment) }
    #expect(big?.description == "not a ZIP archive (no end of central directory record)")
    let tiny = #expect(throws: ZipError.self) { try ZipArchive.open(path: "tiny.zip", environment: environment) }
    #expect(tiny?.kind == .notAZip)
}

@Test func entryFlagsMethodsAndLinksAreRefusedByName() {
    var encrypted = TestZip.Entry("a.txt", "x")
    encrypted.flags = 1
    #expect(openError(TestZip(entries: [encrypted])) == ZipError(.encrypted, entry: "a.txt", "encrypted entries are not supported"))

    var bzip2 = TestZip.Entry("b.txt", "x")
    bzip2.method = 12
    #expect(openError(TestZip(entries: [bzip2]))?.description == "entry \"b.txt\": compression method 12 is not supported (only stored and deflate)")

    var link = TestZip.Entry("c", "/etc/passwd")
    link.attributes = 0o120777 << 16
    #expect(openError(TestZip(entries: [link]))?.kind == .symlink)
    link.madeBy = 0 << 8 | 20  // made on MS-DOS: the attributes carry no Unix mode
    #expect(openError(TestZip(entries: [link])) == nil)

    let twice = TestZip(entries: [TestZip.Entry("d/", ""), TestZip.Entry("d", "file named like the folder")])
    #expect(openError(twice) == ZipError(.duplicateName, entry: "d", "duplicate name (another entry has the same path)"))
}

@Test func sizeLimitsAreCheckedOnTheDeclaredSizesBeforeInflating() {
    var limits = ZipLimits.standard
    limits.maxEntryBytes = 10
    #expect(openError(TestZip(entries: [TestZip.Entry("big", String(repeating: "x", count: 11))]), limits: limits)?.description
        == "entry \"big\": uncompressed size of 11 bytes, more than the limit of 10 per entry")

    limits = .standard
    limits.maxTotalUncompressedBytes = 15
    let total = TestZip(entries: [TestZip.Entry("a", "12345678"), TestZip.Entry("b", "12345678")])
    #expect(openError(total, limits: limits)?.description == "total uncompressed size over the limit of 15 bytes (reached at entry \"b\")")

    limits = .standard
    limits.ratioAllowanceBytes = 4
    limits.maxCompressionRatio = 2
    var squeezed = TestZip.Entry("h", "", method: 8, compressed: helloDeflated)
    squeezed.size = hello.count
    squeezed.crc = helloCRC
    #expect(openError(TestZip(entries: [squeezed]), limits: limits)?.description
        == "entry \"h\": compression ratio of 2.3:1, more than the limit of 2:1 (zip bomb)")
    limits.maxCompressionRatio = 3
    #expect(openError(TestZip(entries: [squeezed]), limits: limits) == nil)

    limits = .standard
    limits.maxEntries = 2
    let many = TestZip(entries: (0..<3).map { TestZip.Entry("e\($0)", "") })
    #expect(openError(many, limits: limits)?.description == "3 entries, more than the limit of 2")
}

@Test(SharedData.needs("seed-data/HooView/HooSets", "the nine Hoo archives of the HooView brief")) func theRealArchiveParsesAndEveryEntryChecksOut() throws {
    let archive = try ZipArchive.open(path: HooTestSupport.realSets + "/01.zip", environment: HooTestSupport.liveEnvironment())
    #expect(archive.entries.count == 122)
    #expect(archive.entries.filter { $0.name.hasPrefix("__MACOSX/") }.count > 0)
    let inflater = ZipInflater()
    for entry in archive.entries { try archive.verify(entry, using: inflater) }
    let json = try #require(archive.entries.first { $0.name == "01/01/hoo.json" })
    #expect(String(decoding: try archive.extract(json, using: inflater), as: UTF8.self)
        == #"{"PoemLine":"They brought me rubies from the mine","Title":"Rubies"}"#)
}

@Test func aBigFileIsReadByItsTailAndPiecesNotWhole() throws {
    // Over wholeFileBytes: the archive is read by its tail, central directory and local headers.
    var zip = TestZip(entries: [TestZip.Entry("small.txt", "tiny")])
    zip.entries.insert(TestZip.Entry("big.bin", String(repeating: "z", count: ZipArchive.wholeFileBytes)), at: 0)
    let bytes = zip.bytes()
    let counter = ReadCounter()
    let memory = HooTestSupport.memoryEnvironment(["big.zip": bytes])
    let environment = SceneEnvironment(now: { 0 }, random: { 0 }, files: FileAccess(
            readFile: memory.readFile,
            readFileRange: { (path, offset, count) throws(RPCError) -> [UInt8] in
            counter.add(count)
            return try memory.readFileRange(path, offset, count)
        },
            fileInfo: memory.fileInfo,
            listDirectory: memory.listDirectory))
    let archive = try ZipArchive.open(path: "big.zip", environment: environment)
    #expect(counter.bytes < 70_000)
    #expect(try archive.extract(archive.entries[1], using: ZipInflater()) == Array("tiny".utf8))
}
