import SceneryCore

/// One picture a scene asked for (``SceneEffect/loadImage(url:cache:)``) and the one way it is
/// loaded, whichever clock runs it: the cache's intact copy when there is one, else the URL
/// (the environment's `loadImage`: at most ``EngineLimits/maxImageBytes``, a PNG, JPEG or GIF),
/// then written to the cache. The virtual clock's driver runs it right after the answer; the
/// real clock's transport runs it as a task. It touches no engine state, so either may.
public struct PictureLoad: Sendable {
    /// The picture's URL (`file:` or `http(s):`).
    public let url: String
    let cache: DiskCache?
    /// The session's files, where the cache lives.
    let files: SceneEnvironment
    let loadImage: @Sendable (String, Bool) async -> Result<ImageData, ImageLoadFailure>
    /// The session's `network` flag when the scene asked.
    let network: Bool

    /// Loads the picture; it may wait on the network without holding a thread.
    public func run() async -> Result<LoadedPicture, ImageLoadFailure> {
        if let cache, let bytes = cache.read(.image, url, environment: files), let image = ImageData.sniff(bytes) {
            return .success(LoadedPicture(image: image, cache: cache))
        }
        switch await loadImage(url, network) {
        case .failure(let failure):
            return .failure(failure)
        case .success(let image):
            let cached = cache?.write(.image, url, image.bytes, environment: files) ?? false
            return .success(LoadedPicture(image: image, cache: cached ? cache : nil))
        }
    }
}

/// A picture that loaded, and the cache that holds a copy of it (nil: only memory will).
public struct LoadedPicture: Sendable {
    public let image: ImageData
    let cache: DiskCache?
}
