import Foundation
import Testing
import SceneryTestSupport
@testable import ExhibitionScene
@testable import SceneryCore

@Suite("Exhibition images")
struct ExhibitionImagesTests {
    static let resources = URL(fileURLWithPath: SharedData.path("seed-data/Exhibition/resources"))

    /// Each asset and the resource it stands for.
    static let originals: [(String, String)] = [
        ("exhibition.shield", "photo_captain_america"), ("exhibition.thumb.ca", "thumb_ca"), ("exhibition.ring", "circle_floaters"),
        ("exhibition.circle.large", "circle_lrg"), ("exhibition.circle.medium", "circle_med"), ("exhibition.circle.small", "circle_sml"),
        ("exhibition.frame.top", "frame_top"), ("exhibition.frame.bottom", "frame_bottom"), ("exhibition.frame.left", "frame_left"),
        ("exhibition.toggle.nearme.on", "toggle_nearme_on"), ("exhibition.toggle.nearme.off", "toggle_nearme_off"),
        ("exhibition.toggle.list.on", "toggle_list_on"), ("exhibition.toggle.list.off", "toggle_list_off"),
    ]

    static func resourceSize(_ name: String) throws -> (Int, Int) {
        let data = try Data(contentsOf: resources.appendingPathComponent("\(name)@2x.png"))
        let image = try #require(ImageData.sniff([UInt8](data)))
        return (image.width, image.height)
    }

    @Test("every image drawn in code is a PNG of its resource's pixel size (squared where the resource is off by a pixel or two)",
          SharedData.needs("seed-data/Exhibition/resources", "the Exhibition brief's images"))
    func sizes() throws {
        #expect(Set(Self.originals.map(\.0)) == Set(ExhibitionImages.ids))
        for (id, resource) in Self.originals {
            let image = try #require(ExhibitionScene.builtinImage(id), "\(id)")
            #expect(ImageData.sniff(image.bytes) == image && image.mime == "image/png")
            let (width, height) = try Self.resourceSize(resource)
            #expect(abs(image.width - width) <= 2 && abs(image.height - height) <= 2, "\(id) is \(image.width)x\(image.height), \(resource) \(width)x\(height)")
        }
    }

    @Test("the metrics in points are the resources' pixel sizes halved", SharedData.needs("seed-data/Exhibition/resources", "the Exhibition brief's images"))
    func metricsFromResources() throws {
        typealias M = ExhibitionMetrics
        #expect(try Self.resourceSize("circle_lrg").0 == Int(M.largeCircleDiameter * 2))
        #expect(try Self.resourceSize("circle_med").0 == Int(M.mediumCircleDiameter * 2))
        #expect(try Self.resourceSize("circle_sml").0 == Int(M.smallCircleDiameter * 2))
        #expect(try Self.resourceSize("photo_captain_america") == (Int(M.shieldSize * 2), Int(M.shieldSize * 2)))
        #expect(try Self.resourceSize("toggle_nearme_on") == (Int(M.modeButtonWidth * 2), Int(M.modeButtonHeight * 2)))
        #expect(try Self.resourceSize("frame_top").1 == Int(M.frameTopHeight * 2))
        #expect(try Self.resourceSize("frame_bottom").1 == Int(M.frameBottomHeight * 2))
        #expect(try Self.resourceSize("frame_left") == (Int(M.frameLeftWidth * 2), Int(M.frameLeftHeight * 2)))
    }

    @Test("unknown ids are not served; the movie is (ExhibitionMovieTests reads it)")
    func unknown() {
        #expect(ExhibitionScene.builtinImage("exhibition.nothing") == nil)
        #expect(ExhibitionScene.builtinImage(ExhibitionRender.movie)?.mime == "image/png")
    }
}

@Suite("Exhibition original art")
struct ExhibitionOriginalArtTests {
    static let environment = SceneEnvironment(now: { 0 }, random: { 7 }, files: FileAccess(
            readFile: { (path) throws(RPCError) in
        guard let data = FileManager.default.contents(atPath: path) else { throw RPCError(code: ErrorCode.fileUnreadable, message: path) }
        return [UInt8](data)
    },
            readFileRange: { (path, _, _) throws(RPCError) in throw RPCError(code: ErrorCode.fileUnreadable, message: path) },
            fileInfo: { path in
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        return FileInfo(isDirectory: isDirectory.boolValue, size: 0)
    },
            listDirectory: { _ throws(RPCError) in [] }))

    @Test("with the brief's resources every drawn image is replaced by its original, under an id of its own",
          SharedData.needs("seed-data/Exhibition/resources", "the Exhibition brief's images"))
    func briefsArt() throws {
        let params = Params(["resources": .string(SharedData.path("seed-data/Exhibition/resources"))])
        let state = try ExhibitionScene.open(params, viewport: .phone, environment: Self.environment).0
        #expect(state.originals.replaced.count == ExhibitionImages.originals.count)
        #expect(ExhibitionScene.render(state).model["originals"] == .array(ExhibitionImages.originals.map(\.id).sorted().map(JSON.string)))
        let display = ExhibitionScene.render(state).display
        #expect(display.node("shield")?.image == "exhibition.shield.original")
        #expect(display.node("circle.0.ring")?.image == "exhibition.ring.original")
        let shield = try #require(try ExhibitionScene.asset("exhibition.shield.original", in: state, environment: Self.environment))
        #expect((shield.width, shield.height) == (600, 600))
    }

    @Test("without resources the drawn images show, and a resources path that is not a folder is -32005")
    func drawn() throws {
        let state = try ExhibitionScene.open(Params([:]), viewport: .phone, environment: Self.environment).0
        #expect(ExhibitionScene.render(state).display.node("shield")?.image == "exhibition.shield")
        #expect(ExhibitionScene.render(state).model["originals"] == [])
        #expect(throws: RPCError(code: ErrorCode.fileUnreadable, message: "params.resources: no folder at \"/no/such/folder\"")) {
            try ExhibitionScene.open(Params(["resources": "/no/such/folder"]), viewport: .phone, environment: Self.environment)
        }
    }
}
