import SceneryCore

/// The built-in data `scene.open {"scene":"directory"}` shows without files: 50 events and 50
/// people made by a seeded generator, so the project ships no copied data. It is chosen to
/// exercise every rule: names with diacritics and without last names, a name under `#`, people
/// without age or picture, pictures that load (built-in portraits) and one that fails.
public enum SampleDirectory {
    static let firstNames = ["Ada", "Émile", "Jule", "Benedikta", "Sherlock", "Darbee", "Caryn", "Chancey", "Rice",
                             "Arv", "Augusto", "Zoë", "Ørjan", "Lucía", "Kile", "Mireille", "Tomás", "Ines", "Yusuf",
                             "Hana", "Olek", "Priya", "Quentin", "Saoirse", "Wen"]
    static let lastNames = ["Beevis", "Bennallck", "Berthon", "Claxson", "Ødegaard", "Ångström", "Ibáñez", "Denizet",
                            "Hartropp", "Fever", "Kowalski", "Nakamura", "O'Brien", "Pérez", "Quinn", "Rossi",
                            "Schäfer", "Tanaka", "Underwood", "Vasquez", "Whitfield", "Young", "Zielinski", "Đukić"]
    static let eventWords = ["Document Review", "Multilingual", "Turf", "DVT", "Pain Management", "Whiplash", "AHU",
                             "XRY", "IT Strategy", "Information Technology", "EGL", "Zooarchaeology", "Izotope RX",
                             "Mergers & Acquisitions", "GDI", "Kanban", "Design Sprint", "Quarterly Review", "Offsite",
                             "Hackathon", "Board Meeting", "Launch Party", "Retrospective", "Town Hall", "Demo Day"]

    /// Number of built-in portraits (`directory.portrait.1` ...).
    public static let portraitCount = 6

    public static func make() -> (events: [Event], people: [Person]) {
        var random = SeededRandom(seed: 2018)
        var events: [Event] = []
        let start = ISODate.daysFromCivil(year: 2018, month: 3, day: 1) * 86400
        for i in 0..<50 {
            let name = eventWords[i % eventWords.count] + (i >= eventWords.count ? " II" : "")
            let date = start + random.below(330 * 86400)
            events.append(Event(name: name, date: date))
        }
        var people: [Person] = []
        for i in 0..<50 {
            let first = firstNames[random.below(firstNames.count)]
            let last: String? = random.below(4) == 0 ? nil : lastNames[random.below(lastNames.count)]
            let age: Int? = random.below(5) == 0 ? nil : 1 + random.below(90)
            let picture: String?
            switch random.below(8) {
            case 0, 1: picture = nil
            case 2: picture = "scenery:directory.missing.\(i)"  // a picture that fails to load
            default: picture = "scenery:directory.portrait.\(1 + random.below(portraitCount))"
            }
            people.append(Person(firstName: first, lastName: last, age: age, profilePicture: picture))
        }
        people[7] = Person(firstName: "42", lastName: nil, age: 42, profilePicture: nil)  // sorts under "#"
        return (events, people)
    }
}
