import SceneryCore

/// The sets `scene.open {"scene":"hoo"}` shows without a path: nine sets with the original
/// colour names, 8 to 16 Hoos each, titles and poem lines made by a seeded generator, and images
/// the engine draws itself (``HooImages``), so the project ships no copied data.
public enum SampleHooSets {
    /// The original sets' colour names, in set order (`01.zip` is Red ... `09.zip` is Orange).
    public static let colors = ["Red", "Yellow", "Blue", "Purple", "Green", "Silver", "Cyan", "Brown", "Orange"]

    static let adjectives = ["quiet", "bright", "hollow", "golden", "restless", "silver", "patient", "distant", "open",
                             "burning", "gentle", "narrow", "wild", "slow", "hidden", "early"]
    static let nouns = ["river", "lantern", "harbor", "window", "garden", "mountain", "ember", "meadow", "compass",
                        "feather", "orchard", "tide", "bell", "canyon", "thread", "morning", "shore", "kettle"]
    static let verbs = ["hums", "waits", "turns", "sings", "leans", "glows", "drifts", "wakes", "listens", "burns"]
    static let places = ["above the", "beside the", "under the", "beyond the", "inside the", "across the"]

    /// The sample, made once (the same every run and on every machine).
    public static let sets: [HooSet] = make()

    /// Builds the nine sets. The counts and words come from a fixed seed, never the session's.
    static func make() -> [HooSet] {
        var random = SeededRandom(seed: 2016)
        func pick(_ words: [String]) -> String { words[random.below(words.count)] }
        return colors.enumerated().map { offset, color in
            let number = offset + 1
            let count = 8 + random.below(9)
            let hoos = (1...count).map { h -> Hoo in
                let noun = pick(nouns)
                let line = "The \(pick(adjectives)) \(noun) \(pick(verbs)) \(pick(places)) \(pick(nouns))"
                return Hoo(number: h, title: noun.prefix(1).uppercased() + noun.dropFirst(), poemLine: line,
                           image: .builtin(name: HooImages.sampleHoo(set: number, hoo: h)))
            }
            return HooSet(number: number, source: "sample", color: color,
                          headers: [2: .builtin(name: HooImages.sampleHeader(set: number))], hoos: hoos)
        }
    }
}
