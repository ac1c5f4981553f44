import SceneryCore

/// The books `scene.open {"scene":"shelf"}` shows without a file: 30 textbooks made by a fixed
/// seed (the same in every session), with valid ISBN-13s and covers the engine draws. Most
/// covers load (`scenery:shelf.cover.N`, N the subject's place in `subjects` counted from 1, so
/// a cover's mark always names its book's subject), three books have none (the default cover)
/// and one names a drawing that does not exist, so every cover state shows.
public enum SampleShelf {
    /// Each subject with the mark its cover shows (at most five letters: what fits a cover).
    static let subjects: [(title: String, mark: String)] = [
        ("Calculus", "CALC"), ("Biology", "BIO"), ("Organic Chemistry", "CHEM"), ("Linear Algebra", "ALG"),
        ("Physics", "PHYS"), ("Statistics", "STAT"), ("Microeconomics", "ECON"), ("Discrete Mathematics", "MATH"),
        ("Genetics", "GENE"), ("Psychology", "PSYCH"), ("World History", "HIST"), ("Differential Equations", "ODE"),
        ("Astronomy", "ASTRO"), ("Computer Science", "CS"), ("Anatomy", "ANAT"), ("Geology", "GEO"),
    ]
    static let subtitles = ["", ": Early Transcendentals", ": How Life Works", ": A Structured Approach", " for Scientists and Engineers",
                            ": Concepts and Contexts", ": An Introduction", ": The Core", ": Principles and Practice", ""]
    static let editions = ["", " (2nd Edition)", " (5th Edition)", " (10th Edition)"]

    /// How many cover drawings there are (`shelf.cover.1` …): one per subject.
    public static let coverCount = subjects.count

    /// The mark on cover drawing `n` (1…`coverCount`): its subject's.
    static func mark(ofCover n: Int) -> String { subjects[n - 1].mark }
    public static let count = 30

    public static func books() -> [Book] {
        var random = SeededRandom(seed: 0x5EAD_E2)
        return (0..<count).map { index in
            let subject = random.below(subjects.count)
            let title = subjects[subject].title + subtitles[random.below(subtitles.count)] + editions[random.below(editions.count)]
            var digits = [9, 7, 8]
            for _ in 0..<9 { digits.append(random.below(10)) }
            digits.append(ISBN.checkDigit(digits))
            let cover: String?
            switch index {
            case 4, 13, 22: cover = nil
            case 9: cover = "scenery:shelf.cover.missing"
            default: cover = "scenery:" + ShelfImages.sampleCover(subject + 1)
            }
            return Book(key: index, title: title, isbn: digits.map(String.init).joined(), cover: cover)
        }
    }
}
