import SceneryCore

/// A photo of the endpoint's list: `{imageName, imageDescription, imageURL}`.
public struct Photo: Equatable, Sendable {
    /// The photo's place in the list it came in (its node id is `photo.K`).
    public var key: Int
    public var name: String
    public var description: String
    public var url: String

    public init(key: Int, name: String, description: String, url: String) {
        self.key = key; self.name = name; self.description = description; self.url = url
    }
}

/// Reads the endpoint's answer: a JSON array of `{"imageName", "imageDescription", "imageURL"}`
/// (names and descriptions may be empty). A record that is not an object, or lacks a string
/// `imageURL`, is a bad list, named with the record; a missing or non-string name or
/// description reads as empty (the brief's data has empty ones, and a photo without words is
/// still a photo). Relative `file:` URLs are taken from a `file:` endpoint's folder.
public enum PhotoListDecoder {
    public static func photos(_ bytes: [UInt8], endpoint: String) throws(RPCError) -> [Photo] {
        let json: JSON
        do { json = try JSONParser.parse(bytes, maxDepth: 16) } catch {
            throw RPCError(code: ErrorCode.fileMalformed, message: "the list is not JSON (\(error))")
        }
        guard case .array(let items) = json else {
            throw RPCError(code: ErrorCode.fileMalformed, message: "the list is not a JSON array (got \(json.typeName))")
        }
        var photos: [Photo] = []
        photos.reserveCapacity(items.count)
        let base = endpoint.hasPrefix("file:") ? String(endpoint.dropFirst("file:".count)) : ""
        for (index, item) in items.enumerated() {
            guard case .object(let fields) = item else {
                throw RPCError(code: ErrorCode.fileMalformed, message: "[\(index)]: expected an object, got \(item.typeName)")
            }
            guard case .string(let url)? = fields["imageURL"], !url.isEmpty else {
                throw RPCError(code: ErrorCode.fileMalformed, message: "[\(index)].imageURL: expected a URL string, got \(fields["imageURL"].map(Params.describe) ?? "nothing")")
            }
            photos.append(Photo(key: index, name: fields["imageName"]?.stringValue ?? "", description: fields["imageDescription"]?.stringValue ?? "",
                                url: base.isEmpty ? url : RelativeFileURL.resolve(url, inFileAt: base)))
        }
        return photos
    }
}
