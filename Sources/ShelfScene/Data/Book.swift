import SceneryCore

/// A book on the shelf: its title, its ISBN and the URL of its cover (nil: the default cover).
public struct Book: Equatable, Sendable {
    /// The book's place in the file (or the sample) when the scene opened. Its node ids are built
    /// from it (`book.17`), so they stay the book's for the session whatever is deleted before it.
    public var key: Int
    public var title: String
    public var isbn: String
    public var cover: String?

    public init(key: Int, title: String, isbn: String, cover: String?) {
        self.key = key; self.title = title; self.isbn = isbn; self.cover = cover
    }
}

/// Reads a books file: `{"books": [{"title", "isbn", "coverImageUrl"}]}`.
///
/// The brief's own file spells the cover's key `"coverImageUrl:"`, with the colon. Both
/// spellings are read; when a record has both, **`coverImageUrl` (the correct spelling) wins**:
/// a file that has it was written knowing the right name, and the colon is the typo. A record
/// missing `title`, `isbn` or a cover key, or with one of the wrong type, is refused, naming
/// the file, the record and the field. An empty or blank cover URL is no cover (the default).
public enum BooksDecoder {
    static let coverKeys = ["coverImageUrl", "coverImageUrl:"]

    public static func books(_ json: JSON, file: String) throws(RPCError) -> [Book] {
        guard case .object(let root) = json else { throw malformed(file, "", "expected an object {\"books\": [...]}, got \(json.typeName)") }
        guard let list = root["books"] else { throw malformed(file, "", "\"books\" is missing; expected {\"books\": [...]}") }
        guard case .array(let items) = list else { throw malformed(file, "books", "expected an array, got \(list.typeName)") }
        var books: [Book] = []
        books.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            let at = "books[\(index)]"
            guard case .object(let fields) = item else { throw malformed(file, at, "expected an object, got \(item.typeName)") }
            func string(_ key: String) throws(RPCError) -> String {
                guard let value = fields[key] else { throw malformed(file, "\(at).\(key)", "is missing; expected a string") }
                guard case .string(let text) = value else { throw malformed(file, "\(at).\(key)", "expected a string, got \(Params.describe(value))") }
                return text
            }
            let title = try string("title")
            let isbn = try string("isbn")
            guard let coverKey = coverKeys.first(where: { fields[$0] != nil }) else {
                throw malformed(file, "\(at).coverImageUrl", "is missing; expected a URL string (\"coverImageUrl\" or \"coverImageUrl:\")")
            }
            let url = try string(coverKey)
            let cover = url.allSatisfy(\.isWhitespace) ? nil : RelativeFileURL.resolve(url, inFileAt: file)
            books.append(Book(key: index, title: title, isbn: isbn, cover: cover))
        }
        return books
    }

    static func malformed(_ file: String, _ path: String, _ message: String) -> RPCError {
        RPCError(code: ErrorCode.fileMalformed, message: "\(file)\(path.isEmpty ? "" : " ")\(path): \(message)")
    }
}
