import Testing
import SceneryCore
import SceneryEngine

/// The virtual clock runs jobs and picture loads first in, first out: a load that a finished
/// load starts waits behind the ones already asked for. (Downloads once ran at once, inside the
/// job that started them: the photos scene downloaded photo 0, then 4 to 26, and only then 1, 2
/// and 3.)
@Suite("Virtual-clock job order")
struct VirtualJobOrderTests {
    /// The URLs a fake network was asked for, in order.
    final class Asked: @unchecked Sendable {
        private let lock = Lock()
        private var urls: [String] = []
        func append(_ url: String) { lock.withLock { urls.append(url) } }
        var all: [String] { lock.withLock { urls } }
    }

    @Test("photos download in reading order, on-screen first: 0, 1, 2, 3, then 4 when 0 ends")
    func photosInReadingOrder() throws {
        let asked = Asked()
        let png = Canvas(width: 4, height: 4, fill: 0xFF00_00FF).png().bytes
        let records = (0..<30).map { #"{"imageName":"P\#($0)","imageURL":"http://photos.test/\#($0).png"}"# }
        let list = Array("[\(records.joined(separator: ","))]".utf8)
        var environment = EngineEnvironment.empty
        environment.fetch = { url, _ in url.hasSuffix("list.json") ? .success(list) : .failure(ImageLoadFailure("not the list")) }
        environment.loadImage = { url, _ in
            asked.append(url)
            return ImageData.sniff(png).map { .success($0) } ?? .failure(ImageLoadFailure("not a PNG"))
        }
        let engine = Engine(environment: environment)
        _ = engine.handle(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#)
        let opened = engine.handle(#"{"jsonrpc":"2.0","id":2,"method":"scene.open","params":{"scene":"photos","endpoint":"http://photos.test/list.json"}}"#)
        #expect(opened.contains { $0.contains(#""id":2"#) && $0.contains(#""result""#) }, "\(opened)")
        let order = asked.all.map { Int($0.dropFirst("http://photos.test/".count).dropLast(".png".count))! }
        #expect(order.count >= 12, "the photos on screen at least: \(order)")
        #expect(order == Array(0..<order.count), "downloads in reading order: \(order)")
    }
}
