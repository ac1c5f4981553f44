import Foundation
import SceneryCore
import SceneryEngine

/// Where `scenery serve` may read and write files: one folder given at start (`--data-root`),
/// or none at all.
///
/// A browser page is a less trusted client than the owner of a pipe, so every file access of
/// every session goes through ``confine(_:)``, a wrapper of the environment's closures: a path
/// (relative ones are taken from the root) is resolved, symbolic links and `..` included, and
/// used only when it lies inside the root. Scenes know nothing of it: every param that reads a
/// file (`sets`, `books`, `events`, `people`, `resources`, `file:` URLs, `cacheDir`) goes through
/// the environment, so all of them, and any a future scene adds, are confined the same way.
/// Without a root no file is read or written: the sessions run on built-in samples.
public struct DataRoot: Sendable {
    /// The root's real path, nil when `serve` was given none.
    public let path: String?

    /// Resolves `folder` (the `--data-root` argument); throws when it is not a folder.
    public init(_ folder: String?) throws {
        guard let folder else { path = nil; return }
        guard let real = DataRoot.realPath(folder) else { throw DataRootError("--data-root \(folder): no such folder") }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: real, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw DataRootError("--data-root \(folder): not a folder")
        }
        path = real
    }

    /// The path a session's `path` stands for, or why it may not be used.
    public func resolve(_ given: String) -> Result<String, RPCError> {
        guard let root = path else {
            return .failure(RPCError(code: ErrorCode.fileUnreadable,
                                     message: "\(given): scenery serve reads no files (it was started without --data-root); use the built-in samples"))
        }
        let joined = given.hasPrefix("/") ? given : root + "/" + given
        // The longest part that exists is resolved (links and all); the rest is only names.
        var existing = joined, rest: [String] = []
        var resolved: String? = DataRoot.realPath(existing)
        while resolved == nil, existing != "/", !existing.isEmpty {
            let url = URL(fileURLWithPath: existing)
            rest.insert(url.lastPathComponent, at: 0)
            existing = url.deletingLastPathComponent().path
            resolved = DataRoot.realPath(existing)
        }
        guard let base = resolved, !rest.contains(".."), !rest.contains(".") else { return .failure(outside(given)) }
        let full = ([base] + rest).joined(separator: "/")
        guard full == root || full.hasPrefix(root == "/" ? "/" : root + "/") else { return .failure(outside(given)) }
        return .success(full)
    }

    private func outside(_ given: String) -> RPCError {
        RPCError(code: ErrorCode.fileUnreadable, message: "\(given): outside the data root; scenery serve reads files under --data-root only")
    }

    /// `environment` with every file access confined to the root.
    public func confine(_ environment: EngineEnvironment) -> EngineEnvironment {
        var confined = environment
        let root = self, outside = environment.files
        var files = outside
        files.readFile = { (path) throws(RPCError) in try outside.readFile(root.resolve(path).get()) }
        files.readFileRange = { (path, offset, count) throws(RPCError) in try outside.readFileRange(root.resolve(path).get(), offset, count) }
        files.fileInfo = { path in (try? root.resolve(path).get()).flatMap(outside.fileInfo) }
        files.listDirectory = { (path) throws(RPCError) in try outside.listDirectory(root.resolve(path).get()) }
        files.writeFile = { (path, bytes) throws(RPCError) in try outside.writeFile(root.resolve(path).get(), bytes) }
        files.removeFile = { path in if let resolved = try? root.resolve(path).get() { outside.removeFile(resolved) } }
        files.createDirectory = { (path) throws(RPCError) in try outside.createDirectory(root.resolve(path).get()) }
        files.touchFile = { path in if let resolved = try? root.resolve(path).get() { outside.touchFile(resolved) } }
        confined.loadImage = { url, network in
            guard let path = DataRoot.filePath(url) else { return await environment.loadImage(url, network) }
            switch root.resolve(path) {
            case .success(let resolved): return await environment.loadImage("file://" + resolved, network)
            case .failure(let error): return .failure(ImageLoadFailure(error.message))
            }
        }
        files.fetch = { url, maxBytes in
            guard let path = DataRoot.filePath(url) else { return await outside.fetch(url, maxBytes) }
            switch root.resolve(path) {
            case .success(let resolved): return await outside.fetch("file://" + resolved, maxBytes)
            case .failure(let error): return .failure(ImageLoadFailure(error.message))
            }
        }
        // No default cache folder outside the root; a session may name one inside it.
        files.cacheHome = nil
        // A `file:` URL is judged by the path its fetch would read (``filePath(_:)``).
        files.refusal = { target in
            if case .failure(let error) = root.resolve(DataRoot.filePath(target) ?? target) { return error }
            return nil
        }
        confined.files = files
        return confined
    }

    /// The path of a `file:` URL (relative or not), nil for other URLs.
    static func filePath(_ url: String) -> String? {
        guard url.lowercased().hasPrefix("file:") else { return nil }
        return URL(string: url)?.path ?? String(url.dropFirst("file:".count))
    }

    static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}

/// A `--data-root` that cannot be used.
public struct DataRootError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
