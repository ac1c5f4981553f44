import HooScene
import SceneryCore

/// The input is the only file, an archive `sets/01.zip`, read from memory: opening it either
/// refuses it with a reason or gives entries whose data lies inside the file; every entry then
/// extracts or is refused; and the Hoo loader loads the folder as a set or reports one failure.
/// Nothing may trap, and no extraction may return more bytes than its entry declares.
enum ZipCheck {
    static func run(_ bytes: [UInt8]) -> String? {
        let path = "sets/01.zip"
        let environment = SceneEnvironment(now: { 0 }, random: { 0 }, files: FileAccess(
            readFile: { (file) throws(RPCError) -> [UInt8] in
                guard file == path else { throw RPCError(code: ErrorCode.fileUnreadable, message: "\(file): no such file") }
                return bytes
            },
            readFileRange: { (file, offset, count) throws(RPCError) -> [UInt8] in
                guard file == path else { throw RPCError(code: ErrorCode.fileUnreadable, message: "\(file): no such file") }
                return try FileAccess.range(of: bytes, path: file, offset: offset, count: count)
            },
            fileInfo: { file in
                if file == path { return FileInfo(isDirectory: false, size: bytes.count) }
                return file == "sets" ? FileInfo(isDirectory: true, size: 0) : nil
            },
            listDirectory: { (file) throws(RPCError) -> [String] in
                guard file == "sets" else { throw RPCError(code: ErrorCode.fileUnreadable, message: "\(file): not a folder") }
                return ["01.zip"]
            }))
        if let archive = try? ZipArchive.open(path: path, environment: environment) {
            for entry in archive.entries {
                guard entry.dataOffset >= 0, entry.dataOffset + entry.compressedSize <= bytes.count else {
                    return "entry \(entry.name) has data outside the file"
                }
                if let data = try? ZipArchive.extract(entry, archive: path, environment: environment), data.count != entry.uncompressedSize {
                    return "entry \(entry.name) extracted \(data.count) bytes for a declared \(entry.uncompressedSize)"
                }
            }
        }
        let result = HooSetLoader.load(path: "sets", context: JobContext(environment: environment, progress: { _ in }))
        guard result.sets.count + result.failures.count == 1 else {
            return "one archive gave \(result.sets.count) sets and \(result.failures.count) failures"
        }
        for set in result.sets {
            for asset in set.hoos.compactMap(\.image) + Array(set.headers.values) {
                _ = try? HooAssetReader.read(asset, environment: environment)
            }
        }
        return nil
    }
}
