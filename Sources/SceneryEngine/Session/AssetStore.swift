import SceneryCore

/// The pictures a session has loaded, by asset id, and the URL each came from, so a picture is
/// fetched once however often it scrolls into view.
///
/// A picture's id is `image.HASH`, HASH the FNV-1a 64 of its URL in hex (as its cache entry's
/// name): the same id on every run, whichever clock and whatever order the loads finish in.
/// A picture held by an offline cache keeps only its size here; its bytes are read again from
/// the cache when a front end asks (``image(_:files:)``), so a session that has shown thousands
/// of photos holds none of them in memory.
struct AssetStore {
    /// URLs of this scheme name a scene's built-in image: `scenery:directory.portrait.3`.
    static let builtinScheme = "scenery:"

    private enum Stored {
        case memory(ImageData)
        /// In `cache`, under `url`: the type and size, without the bytes.
        case cached(mime: String, width: Int, height: Int, url: String, cache: DiskCache)
    }

    private var pictures: [String: Stored] = [:]
    private var idsByURL: [String: String] = [:]

    func asset(forURL url: String) -> String? { idsByURL[url] }

    /// The picture `id`, nil when no load brought it. -32005 when its cache entry has gone or
    /// was damaged since (another process cleared the folder).
    func image(_ id: String, files: SceneEnvironment) throws(RPCError) -> ImageData? {
        switch pictures[id] {
        case nil:
            return nil
        case .memory(let image):
            return image
        case .cached(_, _, _, let url, let cache):
            guard let bytes = cache.read(.image, url, environment: files), let image = ImageData.sniff(bytes) else {
                throw RPCError(code: ErrorCode.fileUnreadable, message: "params.id: the cached copy of \(JSON.string(id)) is gone or damaged")
            }
            return image
        }
    }

    /// Stores a loaded picture and returns its asset id.
    mutating func register(_ picture: LoadedPicture, forURL url: String) -> String {
        if let id = idsByURL[url] { return id }
        var id = "image." + DiskCache.hash(url)
        var n = 1
        while pictures[id] != nil {  // two URLs of one hash: the later gets a suffix
            n += 1
            id = "image." + DiskCache.hash(url) + ".\(n)"
        }
        let image = picture.image
        if let cache = picture.cache {
            pictures[id] = .cached(mime: image.mime, width: image.width, height: image.height, url: url, cache: cache)
        } else {
            pictures[id] = .memory(image)
        }
        idsByURL[url] = id
        return id
    }
}
