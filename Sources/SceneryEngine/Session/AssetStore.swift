import SceneryCore

/// The images a session has loaded, by asset id (`image.1`, `image.2`, ... in load order), and
/// the URL each came from, so an image is fetched once however often it scrolls into view.
struct AssetStore {
    /// URLs of this scheme name a scene's built-in image: `scenery:directory.portrait.3`.
    static let builtinScheme = "scenery:"

    private var images: [String: ImageData] = [:]
    private var idsByURL: [String: String] = [:]

    func asset(forURL url: String) -> String? { idsByURL[url] }

    func image(_ id: String) -> ImageData? { images[id] }

    /// Stores a loaded image and returns its asset id; built-in images keep their own id.
    mutating func register(_ image: ImageData, forURL url: String) -> String {
        if url.hasPrefix(AssetStore.builtinScheme) { return String(url.dropFirst(AssetStore.builtinScheme.count)) }
        if let id = idsByURL[url] { return id }
        let id = "image.\(images.count + 1)"
        images[id] = image
        idsByURL[url] = id
        return id
    }
}
