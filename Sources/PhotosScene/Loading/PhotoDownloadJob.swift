import SceneryCore

/// A photo the scene can show: what `asset.read` answers about it, and its bytes when there is
/// no cache to read them from again.
struct DownloadedImage: Equatable, Sendable {
    var mime: String
    var width: Int
    var height: Int
    /// Kept only when the photo is not in a cache (no cache folder, or it could not be written).
    var bytes: [UInt8]?
}

/// What a download found for one URL.
struct PhotoDownloadOutcome: Sendable {
    var url: String
    var result: Result<DownloadedImage, ImageLoadFailure>
}

/// Downloads one photo as a job: from the cache when it holds an intact copy, else from its URL
/// (at most ``maxBytes``), checked to be a PNG, JPEG or GIF, then written to the cache.
enum PhotoDownloadJob {
    static let name = "photos.download"
    /// The largest photo read: 16 MiB.
    static let maxBytes = 16 << 20

    static func job(url: String, cache: PhotoCache?) -> SceneJob {
        SceneJob(name: name) { context in await run(url: url, cache: cache, environment: context.environment) }
    }

    static func run(url: String, cache: PhotoCache?, environment: SceneEnvironment) async -> PhotoDownloadOutcome {
        if let cache, let bytes = cache.read(.image, url, environment: environment), let image = ImageData.sniff(bytes) {
            return PhotoDownloadOutcome(url: url, result: .success(DownloadedImage(mime: image.mime, width: image.width, height: image.height, bytes: nil)))
        }
        switch await environment.fetch(url, maxBytes) {
        case .failure(let failure):
            return PhotoDownloadOutcome(url: url, result: .failure(failure))
        case .success(let bytes):
            guard let image = ImageData.sniff(bytes) else {
                return PhotoDownloadOutcome(url: url, result: .failure(ImageLoadFailure("not a PNG, JPEG or GIF image")))
            }
            let cached = cache?.write(.image, url, bytes, environment: environment) ?? false
            return PhotoDownloadOutcome(url: url, result: .success(DownloadedImage(mime: image.mime, width: image.width, height: image.height,
                                                                                   bytes: cached ? nil : bytes)))
        }
    }
}
