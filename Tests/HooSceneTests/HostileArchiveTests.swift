import Testing
import SceneryTestSupport
import SceneryCore
import SceneryTransport
@testable import HooScene

/// What the loader must say about each archive `Corpus/make_hostile_archives.py` writes: the
/// reason's exact start (and, where a figure depends on compression, a part it must contain).
private let expectedRefusals: [(file: String, reason: String, contains: String?)] = [
    ("10.zip", "not a ZIP archive (no end of central directory record)", nil),
    ("11.zip", "truncated: starts like a ZIP archive but has no end of central directory record", nil),
    ("12.zip", "truncated: the central directory (", "runs past the end record"),
    ("13.zip", #"entry "13/01/hoo.png": CRC-32 mismatch (computed 0x"#, nil),
    ("14.zip", "entry count mismatch: the end record declares 12 entries, the central directory holds 11", nil),
    ("15.zip", #"entry "15/../../etc/passwd": path contains "..""#, nil),
    ("16.zip", #"entry "/etc/passwd": path starts with "/""#, nil),
    ("17.zip", #"entry "\windows\win.ini": path starts with "\""#, nil),
    ("18.zip", #"entry "C:/windows/win.ini": path starts with the drive prefix "C:""#, nil),
    ("19.zip", #"entry "19/01/hoo.png\0.txt": name contains a NUL byte"#, nil),
    ("20.zip", #"entry "20\..\evil.txt": name contains a backslash"#, nil),
    ("21.zip", #"entry "21/01/hoo.json": duplicate name (another entry has the same path)"#, nil),
    ("22.zip", #"entry "22/02/link": symbolic links are not supported"#, nil),
    ("23.zip", #"entry "23/01/hoo.png": encrypted entries are not supported"#, nil),
    ("24.zip", #"entry "24/01/hoo.png": compression method 12 is not supported (only stored and deflate)"#, nil),
    ("25.zip", "10001 entries, more than the limit of 10000", nil),
    ("26.zip", #"entry "26/bomb.bin": uncompressed size of 1073741824 bytes, more than the limit of 67108864 per entry"#, nil),
    ("27.zip", #"entry "27/ratio.bin": compression ratio of "#, "more than the limit of 200:1 (zip bomb)"),
    ("28.zip", #"total uncompressed size over the limit of 1073741824 bytes (reached at entry "28/z/1023.bin")"#, nil),
    ("29.zip", #"entry "29/01/hoo.png": deflate stream does not end within its "#, "(truncated or endless)"),
    ("30.zip", #"entry "30/01/extra.bin": deflate stream inflates past its declared size of 1000 bytes"#, nil),
    ("31.zip", "hoo_set.json is missing (looked at the top and in each top-level folder)", nil),
    ("32.zip", "32/hoo_set.json: not JSON (", nil),
    ("33.zip", "33/02/hoo.json is missing", nil),
    ("34.zip", "34/01/hoo.json: not JSON (unexpected end of input", nil),
    ("35.zip", #"35/hoo_set.json: "Count" is 3 but the set has 2 Hoo folders"#, nil),
    ("36.zip", "ZIP64 archives are not supported", nil),
    ("37.zip", "split (multi-disk) archives are not supported", nil),
    ("38.zip", #"entry "38/01/hoo.png": deflate stream ends after "#, nil),
    ("39.zip", #"entry "39/01/hoo.png": 8 bytes of garbage after the end of the deflate stream"#, nil),
    ("40.zip", #"entry "40/02/hoo.png": overlaps the data of entry "40/01/hoo.png""#, nil),
    ("41.zip", #"41/hoo_set.json: "Color" must be a string, got number"#, nil),
    ("42.zip", "42/hoo_set.json: ", "bytes, more than the limit of 65536 for a JSON file"),
    ("43.zip", #"several sets in one archive ("43/hoo_set.json", "43b/hoo_set.json")"#, nil),
    ("44.zip", #"entry "44/01/hoo.png": the local header names a different entry"#, nil),
    ("45.zip", #"entry "45/01/hoo.png": corrupt deflate data ("#, nil),
    ("46.zip", #"entry "46/01/hoo.png": the data descriptor's CRC or sizes differ from the central directory"#, nil),
    ("47.zip", #"entry "47/01/hoo.png": the data descriptor's CRC or sizes differ from the central directory"#, nil),
    ("48.zip", #"entry "48/01/hoo.png": the data descriptor's CRC or sizes differ from the central directory"#, nil),
    ("49.zip", "27 bytes of trailing data after the end of central directory record at offset ", "(its comment is 0 bytes)"),
    ("50.zip", "the end of central directory record at offset ", "declares a comment of 300 bytes, but the file ends 0 bytes after it"),
]

/// Writes the corpus into a fresh temporary folder; the caller removes it.
private func makeCorpus() throws -> String {
    let folder = try HooTestSupport.temporaryFolder("corpus")
    try HooTestSupport.run(["python3", HooTestSupport.corpusScript, folder])
    return folder
}

@Test(.hangGuard)
func eachHostileArchiveIsRefusedAloneWithItsReasonAndTheGoodSetsLoad() throws {
    let folder = try makeCorpus()
    defer { HooTestSupport.removeFolder(folder) }
    let progress = ProgressRecorder()
    let result = HooSetLoader.load(path: folder, context: HooTestSupport.context(HooTestSupport.liveEnvironment(), progress: progress))

    #expect(result.sets.map(\.number) == [1, 2, 3])
    #expect(result.sets.map(\.color) == ["Red", "Yellow", "Blue"])
    #expect(result.sets.map(\.hoos.count) == [2, 3, 2])
    // 03/ and 03.zip: the unzipped folder wins and the archive is not reported.
    #expect(result.sets[2].source == folder + "/03")

    #expect(result.failures.map(\.source) == expectedRefusals.map { folder + "/" + $0.file })
    let reasons = Dictionary(result.failures.map { ($0.source, $0.reason) }, uniquingKeysWith: { first, _ in first })
    for expected in expectedRefusals {
        let reason = reasons[folder + "/" + expected.file] ?? "(not refused)"
        #expect(reason.hasPrefix(expected.reason), "\(expected.file): \(reason)")
        if let part = expected.contains { #expect(reason.contains(part), "\(expected.file): \(reason)") }
    }
    #expect(progress.reports.count == 3 + expectedRefusals.count)
    let total = 3 + expectedRefusals.count
    #expect(progress.reports.last == JobProgress(done: total, total: total, item: folder + "/50.zip"))
}

@Test(.hangGuard)
func aFiftyMebibyteFileThatIsNotAnArchiveIsRefusedFromItsTail() throws {
    let folder = try makeCorpus()
    defer { HooTestSupport.removeFolder(folder) }
    let path = folder + "/10.zip"
    #expect(LiveEnvironment.fileInfo(path)?.size == 50 << 20)
    let counter = ReadCounter()
    let error = #expect(throws: ZipError.self) {
        try ZipArchive.open(path: path, environment: HooTestSupport.liveEnvironment(counter: counter))
    }
    #expect(error?.kind == .notAZip)
    // The last 64 KiB + 22 bytes (end record and longest comment), and 4 bytes of the head.
    #expect(counter.bytes == 0xFFFF + 22 + 4)
}

@Test(.hangGuard)
func theGoodCorpusArchivesCheckOutEntryByEntry() throws {
    let folder = try makeCorpus()
    defer { HooTestSupport.removeFolder(folder) }
    let inflater = ZipInflater()
    for file in ["01.zip", "02.zip", "03.zip"] {
        let archive = try ZipArchive.open(path: folder + "/" + file, environment: HooTestSupport.liveEnvironment())
        for entry in archive.entries { try archive.verify(entry, using: inflater) }
    }
    // 01.zip uses data descriptors (flag bit 3) and carries macOS junk that the set skips.
    let archive = try ZipArchive.open(path: folder + "/01.zip", environment: HooTestSupport.liveEnvironment())
    #expect(archive.entries.contains { $0.name == "01/.DS_Store" })
    #expect(archive.entries.contains { $0.name.hasPrefix("__MACOSX/") })
}
