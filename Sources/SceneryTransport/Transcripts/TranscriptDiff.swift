import SceneryCore

/// What differs between a protocol transcript's expected lines and the engine's: every line that
/// differs, each difference named by its JSON path with both values (`/result/patch/3/value:
/// expected "A", actual "B"`), up to a bound. What `scenery replay` prints for `.transcript` files.
public enum TranscriptDiff {
    /// The most differences a report lists; the rest are counted.
    public static let bound = 40
    /// The most differences listed within one line.
    static let perLine = 8

    /// The report of a transcript whose replay differs, or nil when it matches.
    public static func report(_ transcript: Transcript, _ actual: [[String]], file: String) -> String? {
        var steps = 0, listed = 0, unlisted = 0
        var body = ""
        func add(_ line: String) {
            if listed < bound { body += line + "\n"; listed += 1 } else { unlisted += 1 }
        }
        for (index, step) in transcript.steps.enumerated() where actual[index] != step.expected {
            steps += 1
            let got = actual[index]
            if listed < bound { body += "\n\(file):\(step.line): after \(clip(step.source, 100))\n" }
            for i in 0..<max(got.count, step.expected.count) {
                let expected = i < step.expected.count ? step.expected[i] : nil
                let now = i < got.count ? got[i] : nil
                guard expected != now else { continue }
                let place = "line \(i + 1) of the output"
                guard let expected, let now else {
                    add("  \(place): \(expected == nil ? "new" : "gone"): \(clip(expected ?? now!, 90))")
                    continue
                }
                guard let a = try? JSONParser.parse(expected), let b = try? JSONParser.parse(now) else {
                    let column = zip(expected, now).prefix { $0 == $1 }.count
                    add("  \(place), character \(column + 1): expected \(clip(String(expected.dropFirst(max(0, column - 20))), 60)), actual \(clip(String(now.dropFirst(max(0, column - 20))), 60))")
                    continue
                }
                var paths: [String] = []
                differences(a, b, path: "", into: &paths)
                for path in paths.prefix(perLine) { add("  \(place) \(path)") }
                if paths.count > perLine { add("  \(place): … and \(paths.count - perLine) more differences in this line") }
                if paths.isEmpty { add("  \(place): the same JSON, written differently: expected \(clip(expected, 60)), actual \(clip(now, 60))") }
            }
        }
        guard steps > 0 else { return nil }
        var out = "FAIL \(file): \(steps) of \(transcript.steps.count) requests answered differently\n" + body
        if unlisted > 0 { out += "\n… and \(unlisted) more differences\n" }
        out += "\nTo accept the engine's output: scenery replay --update \(file) (or scenery review \(file) to choose)\n"
        return out
    }

    /// The JSON Pointer of each place `a` and `b` differ, with both values: objects member by
    /// member, arrays item by item (the longer one's extra items listed).
    static func differences(_ a: JSON, _ b: JSON, path: String, into out: inout [String]) {
        if a == b { return }
        switch (a, b) {
        case (.object(let x), .object(let y)):
            var keys = Set(x.keys)
            keys.formUnion(y.keys)
            for key in keys.sorted(by: canonicalKeyPrecedes) {
                let child = path + "/" + JSONPointer.escape(key)
                switch (x[key], y[key]) {
                case (let p?, let q?): differences(p, q, path: child, into: &out)
                case (let p?, nil): out.append("\(child): expected \(clip(p.description, 60)), actual nothing")
                case (nil, let q?): out.append("\(child): expected nothing, actual \(clip(q.description, 60))")
                default: break
                }
            }
        case (.array(let x), .array(let y)):
            for i in 0..<max(x.count, y.count) {
                let child = path + "/\(i)"
                if i < x.count && i < y.count { differences(x[i], y[i], path: child, into: &out) }
                else if i < x.count { out.append("\(child): expected \(clip(x[i].description, 60)), actual nothing") }
                else { out.append("\(child): expected nothing, actual \(clip(y[i].description, 60))") }
            }
        default:
            out.append("\(path.isEmpty ? "/" : path): expected \(clip(a.description, 60)), actual \(clip(b.description, 60))")
        }
    }

    static func clip(_ text: String, _ limit: Int) -> String {
        text.count <= limit ? text : text.prefix(limit - 1) + "… (\(text.utf8.count) bytes)"
    }
}
