import Foundation
import Testing
@testable import SceneryCore
@testable import SceneryEngine
import SceneryTestSupport

/// What a scene declares and produces, read from the engine: its `scene.open` params (the
/// open-params schema, and the params `scene.open` does not refuse as unknown), its own methods
/// (the method registry) and the members of its model (the opened scene's, on each variant).
struct SceneFacts {
    var scene: String
    var openParameters: Set<String>
    var acceptedParameters: Set<String>
    var methods: Set<String>
    /// The model's members by variant (`sample`, `resources`, ...).
    var modelKeys: [(variant: String, keys: Set<String>)]

    var allModelKeys: Set<String> { modelKeys.reduce(into: []) { $0.formUnion($1.keys) } }
}

/// A scene's part of PROTOCOL.md: the text of the `###` sections whose heading names the scene
/// in backticks, and the names on its one machine-readable line, "**Open parameters**: `a`, `b`.
/// **Methods**: ... **Model keys**: ...".
struct DocumentedScene {
    var text: String
    var openParameters: Set<String>
    var methods: Set<String>
    var modelKeys: Set<String>
    /// The "**Model**:" paragraph, where each model key is described.
    var modelParagraph: String?
    /// The `scene.open {"scene":"NAME", ...}` signature.
    var signature: String?
}

/// Compares ``SceneFacts`` with PROTOCOL.md and the committed schema; each difference is one
/// line naming the scene, the key and where it is missing.
enum ProtocolDrift {
    static let lineLabels = ["**Open parameters**:", "**Methods**:", "**Model keys**:"]

    /// The names in backticks in `text`.
    static func backticked(_ text: String) -> [String] {
        text.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    }

    /// The scene's sections of section 5, or nil when no heading names it.
    static func section(of scene: String, in document: String) -> String? {
        let lines = document.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix("## 5.") }) else { return nil }
        var text: [String] = [], inside = false
        for line in lines[(start + 1)...] {
            if line.hasPrefix("## ") { break }
            if line.hasPrefix("### ") { inside = backticked(line).contains(scene) }
            if inside { text.append(line) }
        }
        return text.isEmpty ? nil : text.joined(separator: "\n")
    }

    /// The paragraph (lines up to a blank one) that starts with `prefix`, as it is written.
    static func paragraph(startingWith prefix: String, in text: String) -> String? {
        text.components(separatedBy: "\n\n").first { $0.hasPrefix(prefix) }
    }

    /// Reads the scene's part of `document`; nil with a problem when its section or line is missing.
    static func documented(_ scene: String, in document: String, problems: inout [String]) -> DocumentedScene? {
        guard let text = section(of: scene, in: document) else {
            problems.append("\(scene): PROTOCOL.md has no section 5 heading naming `\(scene)`")
            return nil
        }
        guard let line = paragraph(startingWith: lineLabels[0], in: text)?.replacingOccurrences(of: "\n", with: " "),
              let methods = line.range(of: lineLabels[1]), let model = line.range(of: lineLabels[2]),
              methods.lowerBound < model.lowerBound else {
            problems.append("\(scene): PROTOCOL.md's section has no line \"**Open parameters**: ... **Methods**: ... **Model keys**: ...\"")
            return nil
        }
        let open = line[line.index(line.startIndex, offsetBy: lineLabels[0].count)..<methods.lowerBound]
        let signature = text.components(separatedBy: "\n").first { $0.contains("scene.open {\"scene\":\"\(scene)\"") }
        return DocumentedScene(text: text, openParameters: Set(backticked(String(open))),
                               methods: Set(backticked(String(line[methods.upperBound..<model.lowerBound]))),
                               modelKeys: Set(backticked(String(line[model.upperBound...]))),
                               modelParagraph: paragraph(startingWith: "**Model**:", in: text), signature: signature)
    }

    /// The scenes a schema description names before its first colon (`"exhibition, hoo, shelf: a folder ..."`).
    /// A scene's own methods as PROTOCOL.md and the schema list them: its ``Scene/methods``, and
    /// the gestures it takes whose summary names the scenes that take them (`pan`, `page`).
    static func ownMethods(_ type: SceneType) -> Set<String> {
        let named = type.gestures.compactMap { gesture -> String? in
            guard let handler = MethodRegistry.handlers[gesture.rawValue],
                  scenesNamed(by: handler.description.summary).contains(type.name) else { return nil }
            return gesture.rawValue
        }
        return Set(type.methods.map(\.name)).union(named)
    }

    static func scenesNamed(by description: String?) -> Set<String> {
        guard let description, let colon = description.firstIndex(of: ":") else { return [] }
        return Set(description[..<colon].components(separatedBy: ", "))
    }

    /// Every difference between the engine's facts and the document and schema.
    static func problems(_ facts: [SceneFacts], document: String, schema: JSON) -> [String] {
        var problems: [String] = []
        let defs = schema["$defs"]?.objectValue ?? [:]
        let openProperties = defs["params.scene.open"]?["properties"]?.objectValue ?? [:]
        let requestMethods = Set((defs["request"]?["properties"]?["method"]?["enum"]?.arrayValue ?? []).compactMap(\.stringValue))
        for scene in facts {
            let name = scene.scene
            func compare(_ what: String, code: Set<String>, codePlace: String, other: Set<String>, otherPlace: String) {
                for key in code.subtracting(other).sorted() {
                    problems.append("\(name): \(what) `\(key)` is in \(codePlace) but missing from \(otherPlace)")
                }
                for key in other.subtracting(code).sorted() {
                    problems.append("\(name): \(what) `\(key)` is in \(otherPlace) but missing from \(codePlace)")
                }
            }
            // The code against itself: what open accepts is what it declares.
            compare("open parameter", code: scene.openParameters, codePlace: "the scene's openParameters (the schema's source)",
                    other: scene.acceptedParameters, otherPlace: "the params scene.open accepts")
            for (variant, keys) in scene.modelKeys where keys != scene.allModelKeys {
                for key in scene.allModelKeys.subtracting(keys).sorted() {
                    problems.append("\(name): model key `\(key)` is missing from the model opened on \(variant)")
                }
            }

            // The code against PROTOCOL.md.
            if let doc = documented(name, in: document, problems: &problems) {
                compare("open parameter", code: scene.openParameters, codePlace: "the engine", other: doc.openParameters,
                        otherPlace: "PROTOCOL.md's **Open parameters**")
                compare("method", code: scene.methods, codePlace: "the method registry", other: doc.methods,
                        otherPlace: "PROTOCOL.md's **Methods**")
                compare("model key", code: scene.allModelKeys, codePlace: "the opened scene's model", other: doc.modelKeys,
                        otherPlace: "PROTOCOL.md's **Model keys**")
                for key in doc.openParameters.sorted() where doc.signature?.contains("\"\(key)\"") != true {
                    problems.append("\(name): open parameter `\(key)` is missing from PROTOCOL.md's scene.open signature")
                }
                let modelWords = Set(doc.modelParagraph.map(backticked) ?? [])
                for key in doc.modelKeys.sorted() where !modelWords.contains(key) {
                    problems.append("\(name): model key `\(key)` is missing from PROTOCOL.md's **Model** paragraph")
                }
                for method in doc.methods.sorted() {
                    if !document.contains("| `\(method)` |") {
                        problems.append("\(name): method `\(method)` is missing from PROTOCOL.md's section 3 table")
                    }
                    let described = doc.text.replacingOccurrences(of: paragraph(startingWith: lineLabels[0], in: doc.text) ?? "", with: "")
                    if !described.contains("`\(method)`") && !described.contains("`\(method) ") {
                        problems.append("\(name): method `\(method)` is not described in PROTOCOL.md's section of the scene")
                    }
                }
            }

            // The code against the committed schema: scene.open's properties and the methods'
            // params, each description naming the scenes it belongs to.
            let schemaOpen = Set(openProperties.filter { scenesNamed(by: $0.1["description"]?.stringValue).contains(name) }.map { $0.0 })
            compare("open parameter", code: scene.openParameters, codePlace: "the engine",
                    other: schemaOpen, otherPlace: "scenery.schema.json's params.scene.open (by the scenes its description names)")
            let schemaMethods = Set(defs.compactMap { pair -> String? in
                let (key, value) = pair
                guard key.hasPrefix("params."), scenesNamed(by: value["description"]?.stringValue).contains(name) else { return nil }
                return String(key.dropFirst("params.".count))
            })
            compare("method", code: scene.methods, codePlace: "the method registry",
                    other: schemaMethods, otherPlace: "scenery.schema.json's $defs (params.METHOD, by the scene its description names)")
            for method in scene.methods.sorted() where !requestMethods.contains(method) {
                problems.append("\(name): method `\(method)` is missing from scenery.schema.json's request method enum")
            }
            let schemaModel = Set(defs["model.\(name)"]?["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
            compare("model key", code: scene.allModelKeys, codePlace: "the opened scene's model",
                    other: schemaModel, otherPlace: "scenery.schema.json's $defs/model.\(name)")
        }
        return problems
    }
}

/// Reads the engine's facts by opening each scene in memory, on its sample and on variants that
/// read files (a resources folder, data files), as a client would.
enum EngineFacts {
    /// Each scene's variants besides the sample: `scene.open` params, and what they are called.
    static func variants(_ scene: String, resources: String) -> [(name: String, params: JSONObject)] {
        let fixtures = SharedData.repo.appendingPathComponent("Tests/Fixtures").path
        switch scene {
        case "directory": return [("events and people files", ["events": .string(fixtures + "/events.json"), "people": .string(fixtures + "/people.json")])]
        case "hoo", "exhibition": return [("a resources folder", ["resources": .string(resources)])]
        case "shelf": return [("a resources folder and a books file", ["resources": .string(resources), "books": .string(fixtures + "/books.json")])]
        case "photos": return [("a file: endpoint", ["endpoint": .string("file://" + fixtures + "/photos.json"), "cacheDir": .string(resources + "/cache")])]
        default: return []
        }
    }

    /// A new folder holding one original of each scene that takes `resources`, a 1x1 PNG.
    static func resourcesFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenery-drift-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let png = Data(Canvas(width: 1, height: 1, fill: 0xFFFF_FFFF).png().bytes)
        for file in ["logo@2x.png", "photo_captain_america@2x.png", "logo_text.png"] {
            try png.write(to: folder.appendingPathComponent(file))
        }
        return folder.path
    }

    /// An engine environment over the real file system (reads only; `file:` URLs fetched from it, no network).
    static let files: EngineEnvironment = {
        let read: @Sendable (String) throws(RPCError) -> [UInt8] = { (path) throws(RPCError) in
            guard let data = FileManager.default.contents(atPath: path) else { throw RPCError(code: ErrorCode.fileUnreadable, message: "\(path): no such file") }
            return [UInt8](data)
        }
        let files = FileAccess(
            readFile: read,
            readFileRange: { (path, offset, count) throws(RPCError) in try FileAccess.range(of: read(path), path: path, offset: offset, count: count) },
            fileInfo: { path in
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
                return FileInfo(isDirectory: isDirectory.boolValue, size: 0)
            },
            listDirectory: { (path) throws(RPCError) in
                guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
                    throw RPCError(code: ErrorCode.fileUnreadable, message: "\(path): not a folder")
                }
                return names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            },
            fetch: { url, _ in
                guard url.hasPrefix("file://"), let data = FileManager.default.contents(atPath: String(url.dropFirst("file://".count))) else {
                    return .failure(ImageLoadFailure("no network in this test"))
                }
                return .success([UInt8](data))
            })
        return EngineEnvironment(files: files, loadImage: { _, _ in .failure(ImageLoadFailure("no image loader")) }, realTimeMs: { 0 })
    }()

    /// One request's answer on `engine`.
    static func send(_ engine: Engine, _ method: String, _ params: JSONObject) throws -> JSON {
        let request: JSON = ["jsonrpc": "2.0", "id": 1, "method": .string(method), "params": .object(params)]
        return try JSONParser.parse(engine.handle(request.description)[0])
    }

    /// The error of `scene.open` with `params`, nil when it opened.
    static func open(_ scene: String, _ params: JSONObject, on engine: Engine) throws -> JSON? {
        var params = params
        params["scene"] = .string(scene)
        return try send(engine, "scene.open", params)["error"]
    }

    static func facts(resources: String) throws -> [SceneFacts] {
        let candidates = Set(Engine.sceneTypes.flatMap(\.openParameters.keys))
        return try Engine.sceneTypes.map { type -> SceneFacts in
            let engine = Engine(environment: files)
            _ = try send(engine, "initialize", ["seed": 1])
            // A param is accepted when scene.open does not refuse it as unknown (a path that
            // does not exist fails later, for its own reason).
            let accepted = try candidates.filter { param in
                let error = try open(type.name, [param: "/scenery-drift-probe/none"], on: engine)
                let message = error?["message"]?.stringValue ?? ""
                return !(error?["code"] == .number(Double(ErrorCode.invalidParams)) && message.hasPrefix("params.\(param): unknown parameter"))
            }
            var models: [(String, Set<String>)] = []
            for (variant, params) in [(name: "the sample", params: JSONObject())] + variants(type.name, resources: resources) {
                if let error = try open(type.name, params, on: engine) { Issue.record("\(type.name) on \(variant): \(error)") }
                let model = try send(engine, "snapshot", [:])["result"]?["state"]?["model"]?.objectValue ?? [:]
                models.append((variant, Set(model.keys)))
            }
            return SceneFacts(scene: type.name, openParameters: Set(type.openParameters.keys), acceptedParameters: Set(accepted),
                              methods: ProtocolDrift.ownMethods(type), modelKeys: models)
        }
    }
}

@Suite("PROTOCOL.md and the schema against the engine")
struct ProtocolDriftTests {
    static let document = (try? String(contentsOf: SharedData.repo.appendingPathComponent("Protocol/PROTOCOL.md"), encoding: .utf8)) ?? ""
    static func schema() throws -> JSON {
        try JSONParser.parse(Array(Data(contentsOf: SharedData.repo.appendingPathComponent("Protocol/scenery.schema.json"))))
    }

    @Test("every scene's open parameters, methods and model keys are the same in the engine, PROTOCOL.md and the schema")
    func noDrift() throws {
        let resources = try EngineFacts.resourcesFolder()
        defer { try? FileManager.default.removeItem(atPath: resources) }
        let facts = try EngineFacts.facts(resources: resources)
        #expect(Set(facts.map(\.scene)) == ["directory", "hoo", "exhibition", "shelf", "photos", "testcard"])
        for problem in ProtocolDrift.problems(facts, document: Self.document, schema: try Self.schema()) {
            Issue.record(Comment(rawValue: problem))
        }
    }

    /// The comparison itself can fail: a key removed from the document or the schema, one added
    /// to it, one the engine gained, and a param the engine accepts but does not declare are
    /// each named.
    @Test("a documented key removed, an undocumented key added, or an undeclared param accepted is named with its scene and place")
    func driftIsNamed() throws {
        let resources = try EngineFacts.resourcesFolder()
        defer { try? FileManager.default.removeItem(atPath: resources) }
        let facts = try EngineFacts.facts(resources: resources)
        let schema = try Self.schema()
        let line = "**Model keys**: `columns`, `counts`,"
        #expect(Self.document.contains(line))
        let removed = Self.document.replacingOccurrences(of: line, with: "**Model keys**: `columns`,")
        #expect(ProtocolDrift.problems(facts, document: removed, schema: schema)
            == ["hoo: model key `counts` is in the opened scene's model but missing from PROTOCOL.md's **Model keys**"])

        let added = Self.document.replacingOccurrences(of: "**Methods**: `reshuffle`.", with: "**Methods**: `reshuffle`, `spin`.")
        #expect(ProtocolDrift.problems(facts, document: added, schema: schema) == [
            "exhibition: method `spin` is in PROTOCOL.md's **Methods** but missing from the method registry",
            "exhibition: method `spin` is missing from PROTOCOL.md's section 3 table",
            "exhibition: method `spin` is not described in PROTOCOL.md's section of the scene",
        ])

        var grown = facts
        let shelf = try #require(grown.firstIndex { $0.scene == "shelf" })
        grown[shelf].modelKeys[0].keys.insert("favourites")
        grown[shelf].acceptedParameters.insert("sets")
        #expect(ProtocolDrift.problems(grown, document: Self.document, schema: schema) == [
            "shelf: open parameter `sets` is in the params scene.open accepts but missing from the scene's openParameters (the schema's source)",
            "shelf: model key `favourites` is missing from the model opened on a resources folder and a books file",
            "shelf: model key `favourites` is in the opened scene's model but missing from PROTOCOL.md's **Model keys**",
            "shelf: model key `favourites` is in the opened scene's model but missing from scenery.schema.json's $defs/model.shelf",
        ])

        // A model member the schema lost.
        var defs = try #require(schema["$defs"]?.objectValue)
        var hooModel = try #require(defs["model.hoo"]?.objectValue)
        hooModel["required"] = .array(try #require(hooModel["required"]?.arrayValue).filter { $0 != "counts" })
        defs["model.hoo"] = .object(hooModel)
        var shrunk = try #require(schema.objectValue)
        shrunk["$defs"] = .object(defs)
        #expect(ProtocolDrift.problems(facts, document: Self.document, schema: .object(shrunk))
            == ["hoo: model key `counts` is in the opened scene's model but missing from scenery.schema.json's $defs/model.hoo"])
    }
}
