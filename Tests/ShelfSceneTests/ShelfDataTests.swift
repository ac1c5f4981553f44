import Foundation
import Testing
import SceneryTestSupport
@testable import SceneryCore
@testable import ShelfScene

@Suite("Shelf data")
struct ShelfDataTests {
    static func decode(_ text: String, file: String = "books.json") throws(RPCError) -> [Book] {
        try BooksDecoder.books(try! JSONParser.parse(text), file: file)
    }

    @Test("both spellings of the cover key are read, and coverImageUrl wins over coverImageUrl:")
    func coverKeySpellings() throws {
        let books = try Self.decode(#"{"books":[{"title":"A","isbn":"1","coverImageUrl:":"http://x/a.jpg"},{"title":"B","isbn":"2","coverImageUrl":"http://x/b.jpg"},{"title":"C","isbn":"3","coverImageUrl:":"http://x/old.jpg","coverImageUrl":"http://x/new.jpg"},{"title":"D","isbn":"4","coverImageUrl":"  "}]}"#)
        #expect(books.map(\.cover) == ["http://x/a.jpg", "http://x/b.jpg", "http://x/new.jpg", nil])
        #expect(books.map(\.key) == [0, 1, 2, 3])
    }

    @Test("a bad record is refused naming the file, the record and the field")
    func badRecords() {
        let cases: [(String, String)] = [
            (#"{"books":[{"isbn":"1","coverImageUrl":""}]}"#, "books.json books[0].title: is missing; expected a string"),
            (#"{"books":[{"title":"A","isbn":9,"coverImageUrl":""}]}"#, "books.json books[0].isbn: expected a string, got 9"),
            (#"{"books":[{"title":"A","isbn":"1","coverImageUrl":""},{"title":"B","isbn":"2"}]}"#,
             #"books.json books[1].coverImageUrl: is missing; expected a URL string ("coverImageUrl" or "coverImageUrl:")"#),
            (#"{"books":[{"title":"A","isbn":"1","coverImageUrl:":null}]}"#, "books.json books[0].coverImageUrl:: expected a string, got null"),
            (#"{"books":{}}"#, "books.json books: expected an array, got object"),
            (#"[]"#, #"books.json: expected an object {"books": [...]}, got array"#),
            (#"{"book":[]}"#, #"books.json: "books" is missing; expected {"books": [...]}"#),
        ]
        for (text, message) in cases {
            #expect(throws: RPCError(code: ErrorCode.fileMalformed, message: message)) { try Self.decode(text) }
        }
    }

    @Test("relative file: covers are taken from the books file's folder")
    func relativeCovers() throws {
        let books = try Self.decode(#"{"books":[{"title":"A","isbn":"1","coverImageUrl":"file:covers/a.png"},{"title":"B","isbn":"2","coverImageUrl":"file:///abs/b.png"}]}"#,
                                    file: "data/books.json")
        #expect(books.map(\.cover) == ["file:data/covers/a.png", "file:///abs/b.png"])
    }

    @Test("the sample has 30 books with valid ISBN-13s, enough to scroll, and every cover state")
    func sample() throws {
        let books = SampleShelf.books()
        #expect(books.count == 30)
        #expect(books.allSatisfy { ISBN.isValid($0.isbn) })
        #expect(Set(books.map(\.isbn)).count == 30)
        #expect(books.filter { $0.cover == nil }.count == 3)
        #expect(books.contains { $0.cover == "scenery:shelf.cover.missing" })
        #expect(SampleShelf.books() == books, "the same sample every time")
        let state = try ShelfFixture.open()
        #expect(state.maxOffset > 500)
    }

    @Test("every sample cover shows the mark of its own book's subject (no BIO cover on Linear Algebra)")
    func sampleCoversMatchTheirTitles() throws {
        let prefix = "scenery:" + ShelfImages.sampleCover(0).dropLast()
        var drawn = 0
        for book in SampleShelf.books() {
            guard let cover = book.cover, cover.hasPrefix(prefix), let n = Int(cover.dropFirst(prefix.count)) else { continue }
            let subject = try #require(SampleShelf.subjects.first { book.title.hasPrefix($0.title) }, "\(book.title)")
            #expect(SampleShelf.mark(ofCover: n) == subject.mark, "\(book.title) has cover \(n)")
            drawn += 1
        }
        #expect(drawn >= 20, "most sample books have a drawn cover")
    }

    @Test("the ISBN-13 check digit of the brief's books, and a wrong one refused")
    func checkDigit() {
        for isbn in ["9781319056919", "9781285057095", "9780521861243", "9780470223994", "9780395551899", "9780321923271"] {
            #expect(ISBN.isValid(isbn), "\(isbn)")
        }
        #expect(!ISBN.isValid("9781319056918"))
        #expect(!ISBN.isValid("978131905691"))
    }

    @Test("the brief's example_books.json opens with its six books and their covers",
          SharedData.needs("seed-data/SladerChallenge/example_books.json", "the Slader brief's books"))
    func realFile() throws {
        let state = try ShelfFixture.open(["books": .string(SharedData.path("seed-data/SladerChallenge/example_books.json"))])
        #expect(state.books.map(\.title).first == "Biology: How Life Works")
        #expect(state.books.count == 6)
        #expect(state.books.allSatisfy { $0.cover?.hasPrefix("https://") == true && ISBN.isValid($0.isbn) })
        #expect(!state.sample)
    }
}
