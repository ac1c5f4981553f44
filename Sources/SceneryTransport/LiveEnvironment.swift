import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SceneryCore
import SceneryEngine

/// The engine's environment on a real machine: files from disk, images from `file:` and
/// `http(s):` URLs, and a monotonic clock.
public enum LiveEnvironment {
    public static func make(maxFileBytes: Int = EngineLimits().maxFileBytes) -> EngineEnvironment {
        let start = DispatchTime.now().uptimeNanoseconds
        return EngineEnvironment(
            readFile: { (path) throws(RPCError) in try readFile(path, limit: maxFileBytes) },
            loadImage: { url, network in loadImage(url, network: network, limit: maxFileBytes) },
            realTimeMs: { Int((DispatchTime.now().uptimeNanoseconds - start) / 1_000_000) },
            readFileRange: { (path, offset, count) throws(RPCError) in try readRange(path, offset: offset, count: count) },
            fileInfo: fileInfo,
            listDirectory: { (path) throws(RPCError) in try listDirectory(path) })
    }

    /// Reads `count` bytes at `offset`; throws when the file is shorter.
    public static func readRange(_ path: String, offset: Int, count: Int) throws(RPCError) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else {
            throw RPCError(code: ErrorCode.fileUnreadable, message: "\(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        guard offset >= 0, count >= 0 else {
            throw RPCError(code: ErrorCode.fileUnreadable, message: "\(path): invalid range \(offset)+\(count)")
        }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + filled, count - filled, off_t(offset + filled)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw RPCError(code: ErrorCode.fileUnreadable, message: "\(path): \(String(cString: strerror(errno)))")
            }
            if n == 0 {
                throw RPCError(code: ErrorCode.fileUnreadable, message: "\(path): \(count) bytes at \(offset) are past the end of the file")
            }
            filled += n
        }
        return bytes
    }

    /// Whether `path` is a directory or a file (following symbolic links); nil when missing.
    public static func fileInfo(_ path: String) -> FileInfo? {
        var link = stat()
        guard lstat(path, &link) == 0 else { return nil }
        let isSymbolicLink = (link.st_mode & S_IFMT) == S_IFLNK
        var info = link
        // A link is described by its target; a dangling one does not exist.
        if isSymbolicLink && stat(path, &info) != 0 { return nil }
        let isDirectory = (info.st_mode & S_IFMT) == S_IFDIR
        return FileInfo(isDirectory: isDirectory, size: isDirectory ? 0 : Int(info.st_size), isSymbolicLink: isSymbolicLink)
    }

    /// The names in a directory (without `.` and `..`), sorted by their UTF-8 bytes.
    public static func listDirectory(_ path: String) throws(RPCError) -> [String] {
        guard let directory = opendir(path) else {
            throw RPCError(code: ErrorCode.fileUnreadable, message: "\(path): \(String(cString: strerror(errno)))")
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

    /// Reads a whole file, refusing folders and files over `limit` before reading them.
    public static func readFile(_ path: String, limit: Int) throws(RPCError) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else {
            throw RPCError(code: ErrorCode.fileUnreadable, message: "\(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw RPCError(code: ErrorCode.fileUnreadable, message: "\(path): \(String(cString: strerror(errno)))")
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw RPCError(code: ErrorCode.fileUnreadable, message: "\(path): is a folder, expected a file")
        }
        if Int(info.st_size) > limit {
            throw RPCError(code: ErrorCode.fileUnreadable, message: "\(path): file of \(info.st_size) bytes exceeds the limit of \(limit) bytes")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw RPCError(code: ErrorCode.fileUnreadable, message: "\(path): \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit {
                throw RPCError(code: ErrorCode.fileUnreadable, message: "\(path): file exceeds the limit of \(limit) bytes")
            }
        }
        return bytes
    }

    static func loadImage(_ text: String, network: Bool, limit: Int) -> Result<ImageData, ImageLoadFailure> {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else {
            return .failure(ImageLoadFailure("not a URL"))
        }
        let bytes: [UInt8]
        switch scheme {
        case "file":
            do { bytes = try readFile(url.path, limit: limit) } catch { return .failure(ImageLoadFailure(error.message)) }
        case "http", "https":
            guard network else { return .failure(ImageLoadFailure("network disabled by initialize")) }
            switch fetch(url) {
            case .success(let data): bytes = data
            case .failure(let failure): return .failure(failure)
            }
        default:
            return .failure(ImageLoadFailure("unsupported URL scheme \"\(scheme)\""))
        }
        guard let image = ImageData.sniff(bytes) else { return .failure(ImageLoadFailure("not a PNG, JPEG or GIF image")) }
        return .success(image)
    }

    /// A blocking GET with a 10 s timeout; callers run it off the engine thread with the real clock.
    static func fetch(_ url: URL) -> Result<[UInt8], ImageLoadFailure> {
        final class Box: @unchecked Sendable { var result: Result<[UInt8], ImageLoadFailure> = .failure(ImageLoadFailure("timed out")) }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        var request = URLRequest(url: url)
        request.timeoutInterval = 10
        let task = URLSession.shared.dataTask(with: request) { data, response, error in
            if let error {
                box.result = .failure(ImageLoadFailure(error.localizedDescription))
            } else if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
                box.result = .failure(ImageLoadFailure("HTTP status \(http.statusCode)"))
            } else {
                box.result = .success([UInt8](data ?? Data()))
            }
            done.signal()
        }
        task.resume()
        if done.wait(timeout: .now() + 11) == .timedOut { task.cancel() }
        return box.result
    }
}
