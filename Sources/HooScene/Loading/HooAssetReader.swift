import SceneryCore

/// Reads the bytes of a Hoo set's image where the set keeps it.
///
/// Interim version for the scene's branch: reads `.file` assets through the environment and
/// refuses archive entries. The archive reader's branch replaces this file, with the same name
/// and signature, when the two are merged.
public enum HooAssetReader {
    /// The file's bytes. Throws -32005 when the file cannot be read, and for archive entries,
    /// which this interim reader cannot inflate.
    public static func read(_ asset: HooAsset, environment: SceneEnvironment) throws(RPCError) -> [UInt8] {
        switch asset {
        case .file(let path):
            return try environment.readFile(path)
        case .archiveEntry(let archive, let entry):
            throw RPCError(code: ErrorCode.fileUnreadable, message: "\(archive): entry \(JSON.string(entry.name)): reading archive entries is not available in this build")
        case .builtin(let name):
            throw RPCError(code: ErrorCode.fileUnreadable, message: "\(name): a built-in image has no file to read")
        }
    }
}
