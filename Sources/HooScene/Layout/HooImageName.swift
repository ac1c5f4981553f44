import SceneryCore

/// The asset id of a set image, kept in parts until a node needs its text: a render compares
/// these (a few integers), and spells ``id`` only for a node that shows a different image.
///
/// Built-in images keep their own id (`hoo.sample.3.header`); images of loaded sets are named by
/// the load that brought the set, so a set loaded again never reuses an id whose bytes a front
/// end may have cached: `hoo.load.2.set.3.header.2` (the `@2x` header of set 3 from the second
/// load) and `hoo.load.2.set.3.hoo.7`.
public enum HooImageName: Equatable, Sendable {
    case builtin(String)
    case header(load: Int, set: Int, scale: Int)
    case hoo(load: Int, set: Int, hoo: Int)

    /// The header `asset` of a set at `scale`.
    init(header asset: HooAsset, set: Int, scale: Int, load: Int) {
        if case .builtin(let name) = asset { self = .builtin(name) } else { self = .header(load: load, set: set, scale: scale) }
    }

    /// The picture `asset` of a Hoo.
    init(hoo asset: HooAsset, set: Int, hoo: Int, load: Int) {
        if case .builtin(let name) = asset { self = .builtin(name) } else { self = .hoo(load: load, set: set, hoo: hoo) }
    }

    /// The asset id, as nodes and `asset.read` have it.
    public var id: String {
        switch self {
        case .builtin(let name): return name
        case .header(let load, let set, let scale): return HooImageName.id(load, set, "header.", scale)
        case .hoo(let load, let set, let hoo): return HooImageName.id(load, set, "hoo.", hoo)
        }
    }

    /// `hoo.load.LOAD.set.SET.` + `kind` + `number`.
    private static func id(_ load: Int, _ set: Int, _ kind: StaticString, _ number: Int) -> String {
        var text = ASCIIText()
        text.append("hoo.load.")
        text.append(load)
        text.append(".set.")
        text.append(set)
        text.append(".")
        text.append(kind)
        text.append(number)
        return text.string
    }

    /// The asset an id names in `catalog`, nil when it names none.
    static func asset(_ id: String, in catalog: HooCatalog) -> HooAsset? {
        let parts = id.split(separator: ".", omittingEmptySubsequences: false)
        func number(_ i: Int) -> Int? {
            guard i < parts.count, let n = Int(parts[i]), String(n) == parts[i] else { return nil }
            return n
        }
        guard parts.count == 7, parts[0] == "hoo", parts[1] == "load", parts[3] == "set",
              let load = number(2), let setNumber = number(4), let last = number(6),
              let s = catalog.setIndex(number: setNumber), catalog.loads[s] == load else { return nil }
        switch parts[5] {
        case "header": return catalog.sets[s].headers[last]
        case "hoo": return catalog.hoo(HooRef(set: setNumber, hoo: last))?.hoo.image
        default: return nil
        }
    }
}
