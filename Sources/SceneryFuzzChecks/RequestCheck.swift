import SceneryCore
import SceneryEngine

/// Each line of the input is a request to one initialized engine with the exhibition open (a
/// scene that loads no images, so a run stays cheap; FuzzSession covers every scene): every
/// line gets exactly one answer before anything else, the answer is one line of JSON with the
/// request's id when the line is an object with a valid id, and nothing traps. Both ways a line
/// is read go through here: the fast scan of common requests and the full parser behind it.
enum RequestCheck {
    static func run(_ bytes: [UInt8]) -> String? {
        let engine = Engine(environment: .empty)
        var out: [UInt8] = []
        engine.handle(line: Array(#"{"jsonrpc":"2.0","id":0,"method":"initialize"}"#.utf8), output: &out)
        out.removeAll()
        engine.handle(line: Array(#"{"jsonrpc":"2.0","id":0,"method":"scene.open","params":{"scene":"exhibition"}}"#.utf8), output: &out)
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: true).prefix(64) {
            out.removeAll(keepingCapacity: true)
            engine.handle(line: Array(line), output: &out)
            guard out.last == 0x0A else { return "no answer ending in a newline to \(String(decoding: line.prefix(200), as: UTF8.self))" }
            let answers = out.split(separator: 0x0A)
            guard let first = answers.first, let answer = try? JSONParser.parse(Array(first)) else {
                return "the first answer line is not JSON: \(String(decoding: out.prefix(200), as: UTF8.self))"
            }
            guard answer["result"] != nil || answer["error"] != nil else {
                return "the first answer line is not a response: \(String(decoding: first.prefix(200), as: UTF8.self))"
            }
            for extra in answers.dropFirst() where (try? JSONParser.parse(Array(extra)))?["method"] == nil {
                return "a line after the response is not a notification: \(String(decoding: extra.prefix(200), as: UTF8.self))"
            }
            if let request = try? JSONParser.parse(Array(line)), case .object = request, let id = request["id"],
               (id.stringValue != nil || id.numberValue.map { $0.rounded() == $0 && abs($0) <= 9_007_199_254_740_991 } == true),
               answer["id"] != id {
                return "the answer's id \(answer["id"].map { CanonicalJSON.encode($0) } ?? "none") is not the request's \(CanonicalJSON.encode(id))"
            }
        }
        return nil
    }
}
