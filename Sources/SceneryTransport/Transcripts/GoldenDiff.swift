import SceneryCore

/// What differs between a readable golden's expected lines and the engine's, step by step: each
/// difference named by its node id and field, or its model key, with both values; and the two
/// screens side by side where the screen differs. What `scenery replay`, `--update` and
/// `scenery review` print for `.golden` files.
public enum GoldenDiff {
    /// The most differences a report lists; the rest are counted.
    public static let bound = 30

    /// One step's lines, read back into their parts.
    struct Blocks: Equatable {
        var answers: [String] = []
        /// The screen's lines (nil: the golden holds no screen); `unchanged` resolved by the caller.
        var screen: [String]?
        var unchanged = false
        /// The lines of `screen changes` (the nodes that changed since the step before).
        var changes: [String]?
        var model: [String] = []

        init(_ lines: [String]) {
            var into = 0  // 1: screen, 2: model, 3: screen changes
            for line in lines {
                if line == "screen" || line == "screen empty" { screen = []; into = 1; continue }
                if line == "screen unchanged" { unchanged = true; into = 0; continue }
                if line == "screen changes" { changes = []; into = 3; continue }
                if line == "model" { into = 2; continue }
                if line.hasPrefix("  ") && into == 1 { screen?.append(String(line.dropFirst(2))); continue }
                if line.hasPrefix("  ") && into == 2 { model.append(String(line.dropFirst(2))); continue }
                if line.hasPrefix("  ") && into == 3 { changes?.append(String(line.dropFirst(2))); continue }
                into = 0
                answers.append(line)
            }
        }

        /// Whether the step says anything of the screen.
        var saysScreen: Bool { screen != nil || unchanged || changes != nil }

        /// The whole screen after the step, given the one before.
        func resolved(after last: [String]) -> [String] {
            if let screen { return screen }
            guard let changes else { return last }
            let before = ScreenText(lines: ScreenText.parse(last).compactMap { $0 })
            return before.applying(changes)?.lines.map(\.rendered) ?? last + changes
        }
    }

    /// A step's differences.
    struct StepDifferences {
        var lines: [String] = []
        var screenNodes = 0
        var modelKeys = 0
        var answers = 0
        var expectedScreen: [String] = []
        var actualScreen: [String] = []
        var isEmpty: Bool { lines.isEmpty }

        /// "screen 2 nodes, model 1 key".
        var summary: String {
            var parts: [String] = []
            if answers > 0 { parts.append(answers == 1 ? "the answer" : "\(answers) answer lines") }
            if screenNodes > 0 { parts.append("screen \(screenNodes) node\(screenNodes == 1 ? "" : "s")") }
            if modelKeys > 0 { parts.append("model \(modelKeys) key\(modelKeys == 1 ? "" : "s")") }
            return parts.isEmpty ? "layout of the lines" : parts.joined(separator: ", ")
        }
    }

    /// Every step's differences; `screens` carries the screen each side showed last.
    static func compare(_ golden: Golden, _ actual: [[String]]) -> [(step: Int, differences: StepDifferences)] {
        var out: [(Int, StepDifferences)] = []
        var lastExpected: [String] = [], lastActual: [String] = []
        for (index, step) in golden.steps.enumerated() {
            let expected = Blocks(step.expected), got = Blocks(actual[index])
            var differences = StepDifferences()
            let expectedScreen = expected.resolved(after: lastExpected)
            let actualScreen = got.resolved(after: lastActual)
            defer { lastExpected = expectedScreen; lastActual = actualScreen }
            guard step.expected != actual[index] else { continue }
            answers(expected.answers, got.answers, into: &differences)
            if let was = expected.changes, let now = got.changes, was != now {
                changes(was, now, into: &differences)
                differences.expectedScreen = was
                differences.actualScreen = now
            } else if expectedScreen != actualScreen {
                screen(expectedScreen, actualScreen, into: &differences)
                differences.expectedScreen = expectedScreen
                differences.actualScreen = actualScreen
            } else if expected.saysScreen != got.saysScreen {
                differences.lines.append(expected.saysScreen ? "screen: expected a screen, actual nothing" : "screen: expected nothing, actual a screen")
            } else if expected.unchanged != got.unchanged || (expected.changes == nil) != (got.changes == nil) {
                differences.lines.append("screen: the same screen, written otherwise (unchanged, changes or whole)")
            }
            model(expected.model, got.model, into: &differences)
            if differences.isEmpty { differences.lines.append("the lines differ in layout only (indent or order of blocks)") }
            out.append((index, differences))
        }
        return out
    }

    static func answers(_ expected: [String], _ actual: [String], into differences: inout StepDifferences) {
        for i in 0..<max(expected.count, actual.count) {
            let e = i < expected.count ? expected[i] : nil, a = i < actual.count ? actual[i] : nil
            guard e != a else { continue }
            differences.answers += 1
            differences.lines.append("answer: expected \(e.map(clip) ?? "nothing"), actual \(a.map(clip) ?? "nothing")")
        }
    }

    static func screen(_ expected: [String], _ actual: [String], into differences: inout StepDifferences) {
        func parse(_ lines: [String]) -> [(key: String, line: ScreenText.Line?)] {
            zip(lines, ScreenText.parse(lines)).map { text, line in (line?.id ?? text, line) }
        }
        let e = parse(expected), a = parse(actual)
        var actualByID: [String: ScreenText.Line?] = [:]
        for entry in a where actualByID[entry.key] == nil { actualByID[entry.key] = entry.line }
        var expectedIDs = Set<String>()
        for entry in e {
            expectedIDs.insert(entry.key)
            guard let found = actualByID[entry.key] else {
                differences.screenNodes += 1
                differences.lines.append("screen \(entry.key): gone (expected \(describe(entry.line, entry.key)))")
                continue
            }
            guard let line = entry.line, let other = found else { continue }
            let changed = zip(line.fields, other.fields).filter { $0.0.value != $0.1.value }
            if !changed.isEmpty { differences.screenNodes += 1 }
            for (was, now) in changed {
                differences.lines.append("screen \(line.id) \(was.name): expected \(clip(was.value)), actual \(clip(now.value))")
            }
        }
        for entry in a where !expectedIDs.contains(entry.key) {
            differences.screenNodes += 1
            differences.lines.append("screen \(entry.key): new, \(describe(entry.line, entry.key))")
        }
        if differences.screenNodes == 0 {
            let order = e.map(\.key), now = a.map(\.key)
            if let first = order.indices.first(where: { $0 >= now.count || order[$0] != now[$0] }) {
                differences.screenNodes += 1
                differences.lines.append("screen: reading order, line \(first + 1): expected \(order[first]), actual \(first < now.count ? now[first] : "nothing")")
            }
        }
    }

    /// Two steps' `screen changes` compared node by node: what changed, and how (`~` changed,
    /// `+` new, `-` gone).
    static func changes(_ expected: [String], _ actual: [String], into differences: inout StepDifferences) {
        func split(_ lines: [String]) -> (marks: [String: String], lines: [String]) {
            var marks: [String: String] = [:]
            var plain: [String] = []
            for line in lines {
                let body = String(line.dropFirst(2))
                let id = body.hasPrefix("#") ? String(body.dropFirst()) : ScreenText.parseLine(body)?.id ?? body
                marks[id] = String(line.prefix(1))
                if !body.hasPrefix("#") { plain.append(body) }
            }
            return (marks, plain)
        }
        let e = split(expected), a = split(actual)
        let words = ["~": "changed", "+": "new", "-": "gone"]
        for (id, mark) in e.marks.sorted(by: { $0.key < $1.key }) where a.marks[id] != mark {
            differences.screenNodes += 1
            differences.lines.append("screen \(id): expected \(words[mark] ?? mark), actual \(a.marks[id].map { words[$0] ?? $0 } ?? "unchanged")")
        }
        for (id, mark) in a.marks.sorted(by: { $0.key < $1.key }) where e.marks[id] == nil {
            differences.screenNodes += 1
            differences.lines.append("screen \(id): expected unchanged, actual \(words[mark] ?? mark)")
        }
        var fields = StepDifferences()
        screen(e.lines, a.lines, into: &fields)
        for line in fields.lines where !line.hasSuffix("(gone)") && !line.contains(": gone (") && !line.contains(": new, ") {
            differences.screenNodes += 1
            differences.lines.append(line)
        }
    }

    static func describe(_ line: ScreenText.Line?, _ key: String) -> String {
        guard var line else { return clip(key) }
        line.depth = 0
        line.owner = nil
        return clip(String(line.rendered.prefix { $0 != "#" }.dropLast(2)))
    }

    static func model(_ expected: [String], _ actual: [String], into differences: inout StepDifferences) {
        func parse(_ lines: [String]) -> [(path: String, value: String)] {
            lines.map { line in
                guard let change = KeyPathChanges.parseLine(line) else { return (line, "?") }
                return (change.path, change.value ?? "removed")
            }
        }
        let e = parse(expected), a = parse(actual)
        var actualByPath: [String: String] = [:]
        for entry in a where actualByPath[entry.path] == nil { actualByPath[entry.path] = entry.value }
        var seen = Set<String>()
        for entry in e {
            seen.insert(entry.path)
            let now = actualByPath[entry.path]
            guard now != entry.value else { continue }
            differences.modelKeys += 1
            differences.lines.append("model \(entry.path): expected \(clip(entry.value)), actual \(now.map(clip) ?? "no change")")
        }
        for entry in a where !seen.contains(entry.path) {
            differences.modelKeys += 1
            differences.lines.append("model \(entry.path): expected no change, actual \(clip(entry.value))")
        }
    }

    static func clip(_ text: String) -> String {
        text.count <= 70 ? text : text.prefix(69) + "…"
    }

    // MARK: - Reports

    /// The report of a golden whose replay differs, or nil when it matches.
    public static func report(_ golden: Golden, _ actual: [[String]], file: String) -> String? {
        let steps = compare(golden, actual)
        guard !steps.isEmpty else { return nil }
        var out = "FAIL \(file): \(steps.count) of \(golden.steps.count) steps differ\n"
        var listed = 0, unlisted = 0
        for (index, differences) in steps {
            let step = golden.steps[index]
            out += "\n\(file):\(step.line): after \(clip(step.source))\n"
            for line in differences.lines {
                if listed < bound { out += "  \(line)\n"; listed += 1 } else { unlisted += 1 }
            }
            if !differences.expectedScreen.isEmpty || !differences.actualScreen.isEmpty, listed <= bound {
                out += sideBySide(differences.expectedScreen, differences.actualScreen)
            }
        }
        if unlisted > 0 { out += "\n… and \(unlisted) more differences\n" }
        out += "\nTo accept the engine's output: scenery replay --update \(file) (or scenery review \(file) to choose)\n"
        return out
    }

    /// What `--update` changed in each step, one line a step: `line 12 (tap): screen 2 nodes`.
    public static func changes(_ golden: Golden, _ actual: [[String]]) -> [String] {
        compare(golden, actual).map { index, differences in
            "line \(golden.steps[index].line) (\(golden.steps[index].method)): \(differences.summary)"
        }
    }

    /// The two screens side by side around the lines that differ (`-` expected only, `+` actual
    /// only), at most 120 characters wide.
    static func sideBySide(_ expected: [String], _ actual: [String], width: Int = 56, rows limit: Int = 24) -> String {
        let pairs = align(expected, actual)
        let changed = pairs.indices.filter { pairs[$0].0 != pairs[$0].1 }
        guard !changed.isEmpty else { return "" }
        var show = Set<Int>()
        for index in changed { for near in max(0, index - 1)...min(pairs.count - 1, index + 1) { show.insert(near) } }
        func cell(_ text: String?) -> String {
            let text = text ?? ""
            let clipped = text.count <= width ? text : text.prefix(width - 1) + "…"
            return clipped + String(repeating: " ", count: width - clipped.count)
        }
        var out = "  " + cell("expected screen") + " | actual screen\n"
        var rows = 0, previous = -1
        for index in show.sorted() {
            if rows == limit { out += "  … (more lines differ)\n"; break }
            if previous >= 0 && index != previous + 1 { out += "  " + cell("…") + " | …\n" }
            let (e, a) = pairs[index]
            let mark = e == a ? " " : e == nil ? "+" : a == nil ? "-" : "~"
            out += mark + " " + cell(e) + " | " + (a.map { $0.count <= width ? $0 : $0.prefix(width - 1) + "…" } ?? "") + "\n"
            rows += 1
            previous = index
        }
        return out
    }

    /// The lines of two screens paired by a longest common subsequence; a line only one side has
    /// is paired with nil, or with the other side's line where both changed in the same place.
    static func align(_ a: [String], _ b: [String]) -> [(String?, String?)] {
        let n = a.count, m = b.count
        var length = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                length[i][j] = a[i] == b[j] ? length[i + 1][j + 1] + 1 : max(length[i + 1][j], length[i][j + 1])
            }
        }
        var pairs: [(String?, String?)] = []
        var i = 0, j = 0
        var removed: [String] = [], added: [String] = []
        func flush() {
            for k in 0..<max(removed.count, added.count) {
                pairs.append((k < removed.count ? removed[k] : nil, k < added.count ? added[k] : nil))
            }
            removed.removeAll(); added.removeAll()
        }
        while i < n || j < m {
            if i < n && j < m && a[i] == b[j] {
                flush()
                pairs.append((a[i], b[j])); i += 1; j += 1
            } else if j < m && (i == n || length[i][j + 1] >= length[i + 1][j]) {
                added.append(b[j]); j += 1
            } else {
                removed.append(a[i]); i += 1
            }
        }
        flush()
        return pairs
    }
}
