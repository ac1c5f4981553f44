import SceneryCore

/// Loads one set from an already unzipped `##` folder.
///
/// The root is found as in an archive: the folder itself when it holds `hoo_set.json`, else its
/// one subfolder that does (`03/03/…`, what `unzip -d 03 03.zip` makes). The JSON files are read
/// whole (after checking their size) and parsed; images become ``HooAsset/file(path:)`` and are
/// read when `asset.read` asks. A folder has no checksums, so images are not read at load.
///
/// Symbolic links inside the set are refused, as in archives: a `hoo.png` linked to any file the
/// engine can read would otherwise be served to whoever asks for the asset. So are FIFOs,
/// devices and sockets, before anything opens them.
enum HooFolderSet {
    static func load(number: Int, path: String, environment: SceneEnvironment, limits: ZipLimits) throws(HooSetRefusal) -> HooSet {
        let (rootPath, root) = try findRoot(path, environment)
        var layout = HooSetLayout<String>(root: root)
        for name in try list(rootPath, environment) where !HooSetLayout<String>.isJunk(Substring(name)) {
            let child = HooSetLoader.join(rootPath, name)
            guard let info = environment.fileInfo(child) else { continue }
            try refuseLink(info, root + name)
            if !info.isDirectory {
                try layout.add(Substring(name), child)
            } else if HooSetLayout<String>.number(Substring(name)) != nil {
                try layout.add(Substring(name + "/"), child)
                for file in ["hoo.json", "hoo.png"] {
                    let filePath = HooSetLoader.join(child, file)
                    if let fileInfo = environment.fileInfo(filePath), !fileInfo.isDirectory {
                        try refuseLink(fileInfo, root + name + "/" + file)
                        try layout.add(Substring(name + "/" + file), filePath)
                    }
                }
            }
        }
        return try layout.assemble(
            number: number, source: path,
            read: { (filePath, file) throws(HooSetRefusal) -> [UInt8] in
                let size = environment.fileInfo(filePath)?.size ?? 0
                guard size <= limits.maxMetadataBytes else {
                    throw HooSetRefusal("\(file): \(size) bytes, more than the limit of \(limits.maxMetadataBytes) for a JSON file")
                }
                do throws(RPCError) {
                    return try environment.readFile(filePath)
                } catch {
                    throw HooSetRefusal("\(file): \(error.message)")
                }
            },
            asset: { filePath in .file(path: filePath) })
    }

    /// The folder holding `hoo_set.json` and its path relative to `path` (`""` or `"NAME/"`).
    private static func findRoot(_ path: String, _ environment: SceneEnvironment) throws(HooSetRefusal) -> (String, String) {
        let names = try list(path, environment)
        if names.contains("hoo_set.json") { return (path, "") }
        let holders = names.filter { name in
            !HooSetLayout<String>.isJunk(Substring(name))
                && environment.fileInfo(HooSetLoader.join(HooSetLoader.join(path, name), "hoo_set.json")).map { !$0.isDirectory } == true
        }
        guard holders.count <= 1 else {
            throw HooSetRefusal("several sets in one folder (\(holders.map { "\"\($0)/hoo_set.json\"" }.joined(separator: ", ")))")
        }
        guard let holder = holders.first else {
            throw HooSetRefusal("hoo_set.json is missing (looked in the folder and in each subfolder)")
        }
        if let info = environment.fileInfo(HooSetLoader.join(path, holder)) { try refuseLink(info, holder) }
        return (HooSetLoader.join(path, holder), holder + "/")
    }

    /// Refuses a symbolic link, and anything that is neither a regular file nor a folder (a FIFO
    /// would block the engine when read, a device would never end), without opening it.
    private static func refuseLink(_ info: FileInfo, _ name: String) throws(HooSetRefusal) {
        if info.isSymbolicLink { throw HooSetRefusal("\"\(name)\": symbolic links are not supported") }
        if let special = info.special { throw HooSetRefusal("\"\(name)\": \(FileInfo.refusal(special))") }
    }

    private static func list(_ path: String, _ environment: SceneEnvironment) throws(HooSetRefusal) -> [String] {
        do throws(RPCError) {
            return try environment.listDirectory(path)
        } catch {
            throw HooSetRefusal(error.message)
        }
    }
}
