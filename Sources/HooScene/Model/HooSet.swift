/// One set of Hoos as loaded from a `##.zip` archive, a `##` folder, or the built-in sample.
public struct HooSet: Equatable, Sendable {
    /// The set's number, from its archive or folder name (`"03.zip"` → 3). Sets are ordered by it.
    public var number: Int
    /// Where the set came from (an archive or folder path, or `"sample"`), for messages.
    public var source: String
    /// The colour name from `hoo_set.json` (`"Red"`), drawn vertically on the set's first cell.
    public var color: String {
        didSet { colorName = color.uppercased() }
    }
    /// The colour name as the first cell shows it, in capitals (`"RED"`): cased once, not on
    /// every render of that cell.
    public private(set) var colorName: String
    /// `header.png` by scale factor (1, 2, 3): `header.png`, `header@2x.png`, `header@3x.png`.
    public var headers: [Int: HooAsset]
    /// The set's Hoos, ordered by their folder number.
    public var hoos: [Hoo]

    public init(number: Int, source: String, color: String, headers: [Int: HooAsset], hoos: [Hoo]) {
        self.number = number; self.source = source; self.color = color; self.headers = headers; self.hoos = hoos
        colorName = color.uppercased()
    }
}

/// One Hoo: its folder number within the set, `hoo.json`'s title and poem line, and `hoo.png`.
public struct Hoo: Equatable, Sendable {
    public var number: Int
    public var title: String
    public var poemLine: String
    public var image: HooAsset?

    public init(number: Int, title: String, poemLine: String, image: HooAsset?) {
        self.number = number; self.title = title; self.poemLine = poemLine; self.image = image
    }
}

/// Where an image's bytes are. Images stay where they are until `asset.read` asks for them, so
/// 100k Hoos cost their metadata only.
public enum HooAsset: Hashable, Sendable {
    /// A file of an unzipped set.
    case file(path: String)
    /// An entry of a ZIP archive, inflated on demand.
    case archiveEntry(archive: String, entry: ZipEntry)
    /// An image the scene draws in code (sample sets), by built-in asset name.
    case builtin(name: String)
}
