import SceneryCore

/// Reads `hoo_set.json` (`{"Color": "Red", "Count": 14}`) and `hoo.json`
/// (`{"Title": "Rubies", "PoemLine": "They brought me rubies from the mine"}`).
///
/// Each must be a JSON object (a leading UTF-8 byte order mark is allowed) with these members,
/// spelled exactly so: `Color` a non-empty string, `Count` an integer from 0 to 10,000, `Title`
/// and `PoemLine` strings (empty allowed). Other members are ignored, so a newer file with more
/// fields still loads; a missing or mistyped member refuses the set, naming the file and member.
enum HooMetadata {
    /// Nesting allowed in these files; they are flat objects, so more is hostile.
    static let maxDepth = 8

    /// `Color` and `Count` of a `hoo_set.json`; `file` names it in messages.
    static func setInfo(_ bytes: [UInt8], file: String) throws(HooSetRefusal) -> (color: String, count: Int) {
        let object = try parseObject(bytes, file: file)
        let color = try string(object, "Color", file: file)
        guard !color.isEmpty else { throw HooSetRefusal("\(file): \"Color\" is empty") }
        guard let count = object["Count"] else { throw HooSetRefusal("\(file): \"Count\" is missing") }
        guard let value = count.numberValue, value.rounded() == value, value >= 0, value <= 10_000 else {
            throw HooSetRefusal("\(file): \"Count\" must be an integer from 0 to 10000, got \(CanonicalJSON.encode(count))")
        }
        return (color, Int(value))
    }

    /// `Title` and `PoemLine` of a `hoo.json`.
    static func hooInfo(_ bytes: [UInt8], file: String) throws(HooSetRefusal) -> (title: String, poemLine: String) {
        let object = try parseObject(bytes, file: file)
        return (try string(object, "Title", file: file), try string(object, "PoemLine", file: file))
    }

    private static func parseObject(_ bytes: [UInt8], file: String) throws(HooSetRefusal) -> JSONObject {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        let json: JSON
        do throws(JSONParseError) {
            json = try JSONParser.parse(body, maxDepth: maxDepth)
        } catch {
            throw HooSetRefusal("\(file): not JSON (\(error.description))")
        }
        guard let object = json.objectValue else {
            throw HooSetRefusal("\(file): expected a JSON object, got \(json.typeName)")
        }
        return object
    }

    private static func string(_ object: JSONObject, _ key: String, file: String) throws(HooSetRefusal) -> String {
        guard let value = object[key] else { throw HooSetRefusal("\(file): \"\(key)\" is missing") }
        guard let string = value.stringValue else {
            throw HooSetRefusal("\(file): \"\(key)\" must be a string, got \(value.typeName)")
        }
        return string
    }
}
