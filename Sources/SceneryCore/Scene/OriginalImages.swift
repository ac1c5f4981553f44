/// The original art of a brief, where the user has it: a scene that draws its images in code
/// takes an optional `resources` folder holding the brief's images by their original names
/// (`icon_settings.png`), and each image found there replaces the drawn one; the others stay
/// drawn.
///
/// A replaced image gets its own asset id, the drawn one's with ``suffix`` (`shelf.logo` becomes
/// `shelf.logo.original`), so a front end that caches images by id never shows one for the other.
/// The files are read once, at `scene.open`, through the scene's environment (regular files
/// only, the data-file size limit), and kept with the scene's state.
public struct OriginalImages: Equatable, Sendable {
    /// Appended to a drawn image's id when the original replaces it.
    public static let suffix = ".original"

    /// The `resources` param of `scene.open`, for the schema (the same for every scene that has it).
    public static let openParameter = SchemaBuilder.string(
        "exhibition, hoo, shelf: a folder holding the brief's images by their original names; each one found replaces the drawn image (its id gains .original).")

    /// The originals found, by the drawn image's id.
    public private(set) var images: [String: ImageData] = [:]

    public init() {}

    /// Reads the originals of `names` (drawn asset id → original file name) from `folder`.
    /// A file that is not there keeps the drawn image. Throws -32005 when `folder` is not a
    /// folder and -32006 when a file there is not a PNG, JPEG or GIF, naming `param`.
    public static func load(folder: String, names: [(id: String, file: String)], environment: SceneEnvironment,
                            param: String = "resources") throws(RPCError) -> OriginalImages {
        try environment.checkAllowed(folder, param: param)
        guard let info = environment.fileInfo(folder), info.isDirectory else {
            throw RPCError(code: ErrorCode.fileUnreadable, message: "params.\(param): no folder at \(JSON.string(folder))")
        }
        var originals = OriginalImages()
        for (id, file) in names {
            let path = folder.hasSuffix("/") ? folder + file : folder + "/" + file
            guard let fileInfo = environment.fileInfo(path), !fileInfo.isDirectory, fileInfo.special == nil else { continue }
            let bytes: [UInt8]
            do { bytes = try environment.readFile(path) } catch {
                throw RPCError(code: error.code, message: "params.\(param): \(error.message)")
            }
            guard let image = ImageData.sniff(bytes) else {
                throw RPCError(code: ErrorCode.fileMalformed, message: "params.\(param): \(path): not a PNG, JPEG or GIF image")
            }
            originals.images[id] = image
        }
        return originals
    }

    /// The id a node shows for the drawn image `id`: the original's when there is one.
    public func id(_ id: String) -> String {
        images[id] == nil ? id : id + OriginalImages.suffix
    }

    /// The original served for `id` (a drawn id with ``suffix``), or nil.
    public func image(_ id: String) -> ImageData? {
        guard id.hasSuffix(OriginalImages.suffix) else { return nil }
        return images[String(id.dropLast(OriginalImages.suffix.count))]
    }

    /// The drawn ids that have an original, sorted (for the model).
    public var replaced: [String] { images.keys.sorted() }
}
