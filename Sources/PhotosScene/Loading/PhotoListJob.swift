import SceneryCore

/// What a list load found: the photos (from the endpoint, or from the cache when the endpoint
/// could not be reached or answered badly), and why the endpoint failed, if it did.
struct PhotoListOutcome: Sendable {
    enum Source: String, Sendable { case endpoint, cache }
    /// The load it answers (a newer load makes an older one's outcome stale).
    var token: Int
    var photos: [Photo]?
    var source: Source?
    /// Why the endpoint gave no list (nil when it did).
    var failure: String?
    /// Whether that failure is a missing connection (no answer at all) rather than a bad answer.
    var offline: Bool
}

/// Fetches the endpoint's list as a job: with the virtual clock before the response of the
/// command that started it, with the real clock on a background thread.
///
/// The endpoint first (an `http(s):` GET of at most ``maxBytes``, or a `file:` read); a good
/// list is written to the cache. When the endpoint fails (no connection, `"network": false`, an
/// HTTP error, a body that is not the list), the cached list of the same endpoint stands in.
enum PhotoListJob {
    static let name = "photos.list"
    /// The largest list read: 8 MiB (10,000 records are about 1.5 MiB).
    static let maxBytes = 8 << 20

    static func job(endpoint: String, cache: DiskCache?, token: Int) -> SceneJob {
        SceneJob(name: name) { context in
            await run(endpoint: endpoint, cache: cache, token: token, environment: context.environment)
        }
    }

    static func run(endpoint: String, cache: DiskCache?, token: Int, environment: SceneEnvironment) async -> PhotoListOutcome {
        var failure: String
        var offline: Bool
        switch await environment.fetch(endpoint, maxBytes) {
        case .success(let bytes):
            do throws(RPCError) {
                let photos = try PhotoListDecoder.photos(bytes, endpoint: endpoint)
                cache?.write(.list, endpoint, bytes, environment: environment)
                return PhotoListOutcome(token: token, photos: photos, source: .endpoint, failure: nil, offline: false)
            } catch {
                failure = error.message
                offline = false
            }
        case .failure(let reason):
            failure = reason.reason
            offline = isOffline(reason.reason, endpoint: endpoint)
        }
        if let cache, let bytes = cache.read(.list, endpoint, environment: environment),
           let photos = try? PhotoListDecoder.photos(bytes, endpoint: endpoint) {
            return PhotoListOutcome(token: token, photos: photos, source: .cache, failure: failure, offline: offline)
        }
        return PhotoListOutcome(token: token, photos: nil, source: nil, failure: failure, offline: offline)
    }

    /// Whether a failed fetch means no connection (offline) rather than a bad answer: the
    /// server's own answers (an HTTP status, a body over the limit, redirects without end) are
    /// not offline, nor is a `file:` endpoint's failure; a refused or timed-out connection, an
    /// unknown host and `"network": false` are.
    static func isOffline(_ reason: String, endpoint: String) -> Bool {
        if endpoint.lowercased().hasPrefix("file:") { return false }
        return !["HTTP status", "body", "too many redirects"].contains { reason.hasPrefix($0) }
    }
}

extension DiskCache.Kind {
    /// The endpoint's list, kept for when the endpoint cannot be reached.
    static let list = DiskCache.Kind(rawValue: "list")
}
