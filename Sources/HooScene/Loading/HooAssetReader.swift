import SceneryCore

/// Reads an image's bytes when `asset.read` asks for it: the lazy half of loading.
public enum HooAssetReader {
    /// The bytes of `asset`, through `environment`:
    /// - `.file`: the whole file (`readFile`, with its size limit);
    /// - `.archiveEntry`: one ranged read of the entry's compressed bytes, inflated and checked
    ///   again against its size and CRC-32, so an archive changed on disk since loading fails
    ///   (-32006, naming the archive and entry) instead of showing other bytes;
    /// - `.builtin`: not a file; the scene draws those itself, so this throws -32007.
    public static func read(_ asset: HooAsset, environment: SceneEnvironment) throws(RPCError) -> [UInt8] {
        switch asset {
        case .file(let path):
            return try environment.readFile(path)
        case .archiveEntry(let archive, let entry):
            do throws(ZipError) {
                return try ZipArchive.extract(entry, archive: archive, environment: environment)
            } catch {
                throw error.rpcError(archive: archive)
            }
        case .builtin(let name):
            throw RPCError.notSupported("asset \"\(name)\" is built in: the scene draws it, there is no file to read")
        }
    }
}
