import SceneryCore

/// Loads one set from a `##.zip` archive.
///
/// The set's root is the folder holding `hoo_set.json`: the archive's top, or else its one
/// top-level folder that holds it (the real archives keep everything under `01/`); two
/// top-level folders with a `hoo_set.json` are refused. Every entry's CRC-32 and size are
/// checked at load, junk and ignored files included, by inflating into a reused scratch buffer
/// and discarding the bytes, so a damaged archive is refused now rather than when an image is
/// shown. The JSON files are parsed; images are kept as ``HooAsset/archiveEntry(archive:entry:)``
/// and inflated again when `asset.read` asks. No archive bytes outlive the load.
enum HooArchiveSet {
    static func load(number: Int, path: String, environment: SceneEnvironment, limits: ZipLimits,
                     inflater: ZipInflater) throws(HooSetRefusal) -> HooSet {
        let archive: ZipArchive
        do throws(ZipError) {
            archive = try ZipArchive.open(path: path, environment: environment, limits: limits)
        } catch {
            throw HooSetRefusal(error)
        }
        let entries = archive.entries
        var layout = HooSetLayout<Int>(root: try root(of: entries))
        let rootLength = layout.root.utf8.count
        var parsed = [Bool](repeating: false, count: entries.count)
        for (index, entry) in entries.enumerated() {
            let name = Substring(entry.name)
            guard name.utf8.starts(with: layout.root.utf8), !HooSetLayout<Int>.isJunk(name) else { continue }
            let start = name.utf8.index(name.startIndex, offsetBy: rootLength)
            try layout.add(Substring(name.unicodeScalars[start...]), index)
        }
        if let setFile = layout.setFile { parsed[setFile] = true }
        for folder in layout.folders.values { if let json = folder.json { parsed[json] = true } }

        do throws(ZipError) {
            for (index, entry) in entries.enumerated() where !parsed[index] {
                try archive.verify(entry, using: inflater)
            }
        } catch {
            throw HooSetRefusal(error)
        }
        return try layout.assemble(
            number: number, source: path,
            read: { (index, file) throws(HooSetRefusal) -> [UInt8] in
                let entry = entries[index]
                guard entry.uncompressedSize <= limits.maxMetadataBytes else {
                    throw HooSetRefusal("\(file): \(entry.uncompressedSize) bytes, more than the limit of \(limits.maxMetadataBytes) for a JSON file")
                }
                do throws(ZipError) {
                    return try archive.extract(entry, using: inflater)
                } catch {
                    throw HooSetRefusal(error)
                }
            },
            asset: { index in .archiveEntry(archive: path, entry: entries[index]) })
    }

    /// `""` when `hoo_set.json` is at the top, `"NAME/"` when exactly one top-level folder holds it.
    private static func root(of entries: [ZipEntry]) throws(HooSetRefusal) -> String {
        var roots: [String] = []
        for entry in entries where entry.name.utf8.reversed().starts(with: "hoo_set.json".utf8.reversed()) {
            let name = Substring(entry.name)
            if name == "hoo_set.json" { return "" }
            let folder = name.dropLast("hoo_set.json".utf8.count)
            if folder.utf8.last == UInt8(ascii: "/"), !folder.dropLast().utf8.contains(UInt8(ascii: "/")),
               !HooSetLayout<Int>.isJunk(folder) {
                roots.append(String(folder))
            }
        }
        guard roots.count <= 1 else {
            throw HooSetRefusal("several sets in one archive (\(roots.map { "\"\($0)hoo_set.json\"" }.joined(separator: ", ")))")
        }
        guard let root = roots.first else {
            throw HooSetRefusal("hoo_set.json is missing (looked at the top and in each top-level folder)")
        }
        return root
    }
}
