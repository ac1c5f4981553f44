import Foundation
import SceneryCore
import SceneryEngine

/// The engine's environment on a real machine: files from disk, images from `file:` and
/// `http(s):` URLs, and a monotonic clock.
public enum LiveEnvironment {
    /// The live environment. Relative paths (and relative `file:` URLs) are taken from
    /// `baseDirectory` when one is given (a transcript's folder, for `replay`), else from the
    /// working directory; messages keep the path as it was given. A data file may be
    /// `maxFileBytes` long, a picture `maxImageBytes`.
    public static func make(maxFileBytes: Int = EngineLimits().maxFileBytes, maxImageBytes: Int = EngineLimits().maxImageBytes,
                            baseDirectory: String? = nil,
                            http: HTTPClient.Timeouts = HTTPClient.Timeouts()) -> EngineEnvironment {
        let start = DispatchTime.now().uptimeNanoseconds
        let resolve: @Sendable (String) -> String = { path in
            guard let base = baseDirectory, !path.hasPrefix("/"), !base.isEmpty else { return path }
            return path.isEmpty ? base : base + "/" + path
        }
        let files = FileAccess(
            readFile: { (path) throws(RPCError) in try readFile(resolve(path), limit: maxFileBytes, shownAs: path) },
            readFileRange: { (path, offset, count) throws(RPCError) in try readRange(resolve(path), offset: offset, count: count, shownAs: path) },
            fileInfo: { path in fileInfo(resolve(path)) },
            listDirectory: { (path) throws(RPCError) in try listDirectory(resolve(path), shownAs: path) },
            writeFile: { (path, bytes) throws(RPCError) in try writeFile(resolve(path), bytes, shownAs: path) },
            removeFile: { path in unlink(resolve(path)) },
            createDirectory: { (path) throws(RPCError) in try createDirectory(resolve(path), shownAs: path) },
            touchFile: { path in utimes(resolve(path), nil) },
            fetch: { url, maxBytes in await fetch(url, maxBytes: maxBytes, resolve: resolve, http: http) },
            cacheHome: cacheHome())
        return EngineEnvironment(files: files,
                                 loadImage: { url, network in await loadImage(url, network: network, limit: min(maxFileBytes, maxImageBytes), resolve: resolve, http: http) },
                                 realTimeMs: { Int((DispatchTime.now().uptimeNanoseconds - start) / 1_000_000) })
    }

    /// `$XDG_CACHE_HOME`, else `~/.cache`; nil without either.
    static func cacheHome() -> String? {
        let variables = ProcessInfo.processInfo.environment
        if let xdg = variables["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg }
        if let home = variables["HOME"], !home.isEmpty { return home + "/.cache" }
        return nil
    }

    /// Writes `bytes` to a temporary file beside `path`, then renames it over `path`: a reader
    /// (another process sharing a cache) sees the old file or the new one, never half of one.
    public static func writeFile(_ path: String, _ bytes: [UInt8], shownAs name: String? = nil) throws(RPCError) {
        func failure(_ reason: String) -> RPCError { RPCError(code: ErrorCode.fileUnreadable, message: "\(name ?? path): \(reason)") }
        let temporary = path + ".partial-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure(String(cString: strerror(errno))) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, bytes.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                close(fd)
                unlink(temporary)
                throw failure(reason)
            }
            written += n
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw failure(reason)
        }
    }

    /// `mkdir -p`.
    static func createDirectory(_ path: String, shownAs name: String) throws(RPCError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw RPCError(code: ErrorCode.fileUnreadable, message: "\(name): \(error.localizedDescription)")
        }
    }

    /// A GET of an `http(s):` URL (``HTTPClient``) or a read of a `file:` one, at most `maxBytes`.
    static func fetch(_ text: String, maxBytes: Int, resolve: (String) -> String = { $0 }, http: HTTPClient.Timeouts = HTTPClient.Timeouts()) async -> Result<[UInt8], ImageLoadFailure> {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else { return .failure(ImageLoadFailure("not a URL")) }
        switch scheme {
        case "file":
            do { return .success(try readFile(resolve(url.path), limit: maxBytes, shownAs: url.path)) } catch { return .failure(ImageLoadFailure(error.message)) }
        case "http", "https":
            return await HTTPClient.get(text, maxBytes: maxBytes, timeouts: http)
        default:
            return .failure(ImageLoadFailure("unsupported URL scheme \"\(scheme)\""))
        }
    }

    /// Opens a regular file for reading. Anything else is refused before it is opened (a FIFO
    /// would block the engine forever, a device would never end), and checked again on the open
    /// descriptor, which is opened without blocking, in case the path changed in between.
    static func openRegularFile(_ path: String, shownAs name: String) throws(RPCError) -> Int32 {
        func failure(_ reason: String) -> RPCError { RPCError(code: ErrorCode.fileUnreadable, message: "\(name): \(reason)") }
        var info = stat()
        guard stat(path, &info) == 0 else { throw failure(String(cString: strerror(errno))) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw failure("is a folder, expected a file") }
        if let special = special(info.st_mode) { throw failure(FileInfo.refusal(special)) }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw failure(String(cString: strerror(errno))) }
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw failure("changed while it was opened; only regular files are read")
        }
        return fd
    }

    /// What a mode that is neither a regular file nor a folder is, for messages; nil for those two.
    static func special(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG, S_IFDIR: return nil
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "an unknown kind of file"
        }
    }

    /// Reads `count` bytes at `offset`; throws when the file is shorter or not a regular file.
    public static func readRange(_ path: String, offset: Int, count: Int, shownAs name: String? = nil) throws(RPCError) -> [UInt8] {
        let shown = name ?? path
        func failure(_ reason: String) -> RPCError { RPCError(code: ErrorCode.fileUnreadable, message: "\(shown): \(reason)") }
        guard offset >= 0, count >= 0, offset <= Int.max - count else { throw failure("invalid range \(offset)+\(count)") }
        let fd = try openRegularFile(path, shownAs: shown)
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + filled, count - filled, off_t(offset + filled)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure(String(cString: strerror(errno)))
            }
            if n == 0 { throw failure("\(count) bytes at \(offset) are past the end of the file") }
            filled += n
        }
        return bytes
    }

    /// Whether `path` is a directory or a file (following symbolic links), and whether it is
    /// something else (``FileInfo/special``); nil when missing.
    public static func fileInfo(_ path: String) -> FileInfo? {
        var link = stat()
        guard lstat(path, &link) == 0 else { return nil }
        let isSymbolicLink = (link.st_mode & S_IFMT) == S_IFLNK
        var info = link
        // A link is described by its target; a dangling one does not exist.
        if isSymbolicLink && stat(path, &info) != 0 { return nil }
        let isDirectory = (info.st_mode & S_IFMT) == S_IFDIR
        let special = special(info.st_mode)
        var result = FileInfo(isDirectory: isDirectory, size: isDirectory || special != nil ? 0 : Int(info.st_size),
                              isSymbolicLink: isSymbolicLink, special: special)
        result.modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        return result
    }

    /// The names in a directory (without `.` and `..`), sorted by their UTF-8 bytes.
    public static func listDirectory(_ path: String, shownAs name: String? = nil) throws(RPCError) -> [String] {
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR {
            let reason = special(info.st_mode).map(FileInfo.refusal) ?? "is a file, expected a folder"
            throw RPCError(code: ErrorCode.fileUnreadable, message: "\(name ?? path): \(reason)")
        }
        guard let directory = opendir(path) else {
            throw RPCError(code: ErrorCode.fileUnreadable, message: "\(name ?? path): \(String(cString: strerror(errno)))")
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Reads a whole file, refusing folders, anything that is not a regular file, and files over
    /// `limit` before reading them. Messages name the file as `shownAs` (the path as given).
    public static func readFile(_ path: String, limit: Int, shownAs name: String? = nil) throws(RPCError) -> [UInt8] {
        let shown = name ?? path
        let fd = try openRegularFile(path, shownAs: shown)
        defer { close(fd) }
        func failure(_ reason: String) -> RPCError { RPCError(code: ErrorCode.fileUnreadable, message: "\(shown): \(reason)") }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure(String(cString: strerror(errno))) }
        if Int(info.st_size) > limit { throw failure("file of \(info.st_size) bytes exceeds the limit of \(limit) bytes") }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(String(cString: strerror(errno)))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit { throw failure("file exceeds the limit of \(limit) bytes") }
        }
        return bytes
    }

    /// An image from a `file:` or `http(s):` URL: ``fetch(_:maxBytes:resolve:http:)``, unless the
    /// session turned the network off, then checked to be a PNG, JPEG or GIF.
    static func loadImage(_ text: String, network: Bool, limit: Int, resolve: (String) -> String = { $0 },
                          http: HTTPClient.Timeouts = HTTPClient.Timeouts()) async -> Result<ImageData, ImageLoadFailure> {
        if !network, let scheme = URL(string: text)?.scheme?.lowercased(), scheme == "http" || scheme == "https" {
            return .failure(ImageLoadFailure("network disabled by initialize"))
        }
        switch await fetch(text, maxBytes: limit, resolve: resolve, http: http) {
        case .failure(let failure):
            return .failure(failure)
        case .success(let bytes):
            guard let image = ImageData.sniff(bytes) else { return .failure(ImageLoadFailure("not a PNG, JPEG or GIF image")) }
            return .success(image)
        }
    }
}
