/// The files of one set by their path under the set's root, whether they are archive entries or
/// files on disk (`Ref` says where each one is), and how they become a ``HooSet``.
///
/// Recognised, relative to the root: `hoo_set.json`; `header.png`, `header@2x.png`,
/// `header@3x.png` (each optional); Hoo folders, whose names are 1 to 9 ASCII digits, with
/// `hoo.json` (required) and `hoo.png` (optional: a Hoo without it has no image). Anything
/// else is ignored, and junk (`__MACOSX/`, `.DS_Store`) is never offered.
///
/// Count rule: the Hoo folders are what is loaded, ordered by number; `Count` must equal how
/// many there are, or the set is refused. A disagreement means a Hoo was lost or added by hand,
/// and guessing which side is right would show a set that is not what its author published.
struct HooSetLayout<Ref> {
    /// One Hoo folder: its name as found (`"05"`) and where its two files are.
    struct Folder {
        var name: String
        var json: Ref?
        var image: Ref?
    }

    /// The root's path inside the source (`"01/"` in `01.zip`, `""` for a folder set), for messages.
    let root: String
    private(set) var setFile: Ref?
    private(set) var headers: [Int: Ref] = [:]
    private(set) var folders: [Int: Folder] = [:]

    init(root: String) { self.root = root }

    /// Records the file (or, with a trailing `/`, the folder) at `path` under the root.
    mutating func add(_ path: Substring, _ ref: Ref) throws(HooSetRefusal) {
        guard let slash = path.utf8.firstIndex(of: UInt8(ascii: "/")) else {
            switch path {
            case "hoo_set.json": setFile = ref
            case "header.png": headers[1] = ref
            case "header@2x.png": headers[2] = ref
            case "header@3x.png": headers[3] = ref
            default: break
            }
            return
        }
        let folderName = path[..<slash]
        guard let number = Self.number(folderName) else { return }
        let rest = path[path.utf8.index(after: slash)...]
        if folders[number] == nil {
            folders[number] = Folder(name: String(folderName), json: nil, image: nil)
        } else if !folders[number]!.name.utf8.elementsEqual(folderName.utf8) {
            throw HooSetRefusal("Hoo folders \"\(root)\(folders[number]!.name)\" and \"\(root)\(folderName)\" have the same number")
        }
        switch rest {
        case "hoo.json": folders[number]!.json = ref
        case "hoo.png": folders[number]!.image = ref
        default: break
        }
    }

    /// The set, reading `hoo_set.json` and every `hoo.json` through `read`; images become assets
    /// through `asset` without being read.
    func assemble(number: Int, source: String, read: (Ref, String) throws(HooSetRefusal) -> [UInt8],
                  asset: (Ref) -> HooAsset) throws(HooSetRefusal) -> HooSet {
        guard let setFile else { throw HooSetRefusal("\(root)hoo_set.json is missing") }
        let setPath = root + "hoo_set.json"
        let info = try HooMetadata.setInfo(read(setFile, setPath), file: setPath)
        guard info.count == folders.count else {
            throw HooSetRefusal("\(setPath): \"Count\" is \(info.count) but the set has \(folders.count) Hoo folders")
        }
        var hoos: [Hoo] = []
        hoos.reserveCapacity(folders.count)
        for (hooNumber, folder) in folders.sorted(by: { $0.key < $1.key }) {
            let jsonPath = root + folder.name + "/hoo.json"
            guard let json = folder.json else { throw HooSetRefusal("\(jsonPath) is missing") }
            let hoo = try HooMetadata.hooInfo(read(json, jsonPath), file: jsonPath)
            hoos.append(Hoo(number: hooNumber, title: hoo.title, poemLine: hoo.poemLine, image: folder.image.map(asset)))
        }
        return HooSet(number: number, source: source, color: info.color, headers: headers.mapValues(asset), hoos: hoos)
    }

    /// The number a set or Hoo name stands for: 1 to 9 ASCII digits (`"07"` → 7), else nil.
    static func number(_ name: Substring) -> Int? {
        guard (1...9).contains(name.utf8.count) else { return nil }
        var value = 0
        for byte in name.utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// Whether a path is macOS junk the loader skips: anything under `__MACOSX/` and `.DS_Store`
    /// files, at any depth.
    static func isJunk(_ path: Substring) -> Bool {
        let utf8 = path.utf8
        var start = utf8.startIndex
        var index = start
        while true {
            if index == utf8.endIndex || utf8[index] == UInt8(ascii: "/") {
                let segment = utf8[start..<index]
                if segment.elementsEqual("__MACOSX".utf8) || segment.elementsEqual(".DS_Store".utf8) { return true }
                if index == utf8.endIndex { return false }
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
    }
}
