import Foundation
import SceneryCore
import SceneryEngine

/// What the page offers in its pickers (`GET /presets.json`): first what the user named (the
/// photos scene on `--photos-endpoint`'s URL, then the briefs' real data where `--data-root`
/// holds it, paths relative to the root as a session sends them), then every scene on its
/// built-in sample; and the devices. The page opens on the first (Examples/qt/presets.py, the
/// same for the Qt window).
enum Presets {
    /// A preset: a title for the picker, the scene, its `scene.open` params.
    struct Preset {
        var title: String
        var scene: String
        var params: JSONObject
    }

    /// The real-data presets, each with the paths (under the root) it needs.
    static let briefs: [(Preset, [String])] = [
        (Preset(title: "Directory: GoTest data", scene: "directory",
                params: ["events": "GoTest/events.json", "people": "GoTest/people.json"]), ["GoTest/events.json", "GoTest/people.json"]),
        (Preset(title: "Hoo: the nine sets", scene: "hoo", params: ["sets": "HooView/HooSets"]), ["HooView/HooSets"]),
        (Preset(title: "Exhibition: the original art", scene: "exhibition", params: ["resources": "Exhibition/resources"]), ["Exhibition/resources"]),
        (Preset(title: "Shelf: example_books.json and the original art", scene: "shelf",
                params: ["books": "SladerChallenge/example_books.json", "resources": "SladerChallenge/image_assets"]),
         ["SladerChallenge/example_books.json", "SladerChallenge/image_assets"]),
        (Preset(title: "Photos: the brief's endpoint sample", scene: "photos", params: ["endpoint": "file:AVPhotoApp/homework.sample.json"]),
         ["AVPhotoApp/homework.sample.json"]),
    ]

    /// The devices of the picker: the mocks' iPhone X, the smallest and largest iPhones on sale
    /// in late 2026, and the iPhone X turned.
    static let devices: [(String, Viewport)] = [
        ("iPhone X (375x812)", Viewport.phone),
        ("iPhone 16e (390x844)", Viewport(width: 390, height: 844, scale: 3, safeArea: EdgeInsets(top: 47, bottom: 34))),
        ("iPhone 17 Pro Max (440x956)", Viewport(width: 440, height: 956, scale: 3, safeArea: EdgeInsets(top: 62, bottom: 34))),
        ("iPhone X landscape (812x375)", Viewport(width: 812, height: 375, scale: 3, safeArea: EdgeInsets(top: 0, left: 44, bottom: 21, right: 44))),
        ("HooView mocks (320x480 @2x)", Viewport(width: 320, height: 480, scale: 2, safeArea: EdgeInsets(top: 20))),
        ("Exhibition mock (375x667 @2x)", Viewport(width: 375, height: 667, scale: 2, safeArea: EdgeInsets())),
    ]

    /// The photos scene on `endpoint` (`--photos-endpoint`).
    static func photos(endpoint: String) -> Preset {
        Preset(title: "Photos: " + endpoint, scene: "photos", params: ["endpoint": .string(endpoint)])
    }

    /// `{"presets": [{title, scene, params}], "devices": [{title, viewport}]}`.
    static func json(root: DataRoot, photosEndpoint: String? = nil) -> JSON {
        var named: [Preset] = photosEndpoint.map { [photos(endpoint: $0)] } ?? []
        for (preset, needs) in briefs where needs.allSatisfy({ (try? root.resolve($0).get()).map { FileManager.default.fileExists(atPath: $0) } == true }) {
            named.append(preset)
        }
        var presets: [JSON] = named.map { ["title": .string($0.title), "scene": .string($0.scene), "params": .object($0.params)] }
        presets += Engine.sceneNames.map { name in
            ["title": .string(name.prefix(1).uppercased() + name.dropFirst() + ": built-in sample"), "scene": .string(name), "params": .object(JSONObject())]
        }
        return ["devices": .array(devices.map { ["title": .string($0.0), "viewport": $0.1.json] }), "presets": .array(presets)]
    }
}
