import Foundation
import SceneryCore
@testable import ShelfScene

/// Opening the scene and reading what it shows, for the Shelf tests.
enum ShelfFixture {
    /// Files from disk; the clock at `now`.
    static func environment(now: Int = 0) -> SceneEnvironment {
        SceneEnvironment(now: { now }, random: { 0 }, files: FileAccess(
            readFile: { (path) throws(RPCError) in
            guard let data = FileManager.default.contents(atPath: path) else { throw RPCError(code: ErrorCode.fileUnreadable, message: "\(path): missing") }
            return [UInt8](data)
        },
            readFileRange: { (path, offset, count) throws(RPCError) in
            guard let data = FileManager.default.contents(atPath: path) else { throw RPCError(code: ErrorCode.fileUnreadable, message: "\(path): missing") }
            return try FileAccess.range(of: [UInt8](data), path: path, offset: offset, count: count)
        },
            fileInfo: { path in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            return FileInfo(isDirectory: isDirectory.boolValue, size: size ?? 0)
        },
            listDirectory: { (path) throws(RPCError) in
            (try? FileManager.default.contentsOfDirectory(atPath: path).sorted()) ?? []
        }))
    }

    /// The scene opened with `params` (the sample without `books`) on `viewport`.
    static func open(_ params: [String: JSON] = [:], viewport: Viewport = .phone) throws -> ShelfState {
        var object = JSONObject()
        for (key, value) in params { object[key] = value }
        return try ShelfScene.open(Params(object), viewport: viewport, environment: environment()).0
    }

    /// `count` generated books (`Book n`, valid ISBNs), with covers for those `cover` says.
    static func books(_ count: Int) -> [Book] {
        (0..<count).map { Book(key: $0, title: "Book \($0)", isbn: "978000000000\($0 % 10)", cover: nil) }
    }

    static func tap(_ state: inout ShelfState, _ id: String?) {
        _ = try? ShelfScene.reduce(&state, .tap(id: id, point: nil), environment: environment())
    }

    static func longPress(_ state: inout ShelfState, _ id: String?, now: Int = 0) {
        _ = try? ShelfScene.reduce(&state, .longPress(id: id, point: nil), environment: environment(now: now))
    }

    static func node(_ state: ShelfState, _ id: String) -> Node? { ShelfScene.render(state).display.node(id) }
    static func model(_ state: ShelfState) -> JSON { ShelfScene.render(state).model }

    /// A temporary folder, removed by the caller.
    static func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "shelf-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
