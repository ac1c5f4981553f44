/// The list `scene.open {"scene":"photos"}` shows without an endpoint: 16 photos the engine
/// draws (`photos.sample.N`), named like the brief's endpoint (some without a name or a
/// description), so the gallery's title reads "5/16".
public enum SamplePhotos {
    static let entries: [(name: String, description: String)] = [
        ("Toad", "Golden Toad"), ("Leopard", "Zanzibar Leopard"), ("Poouli", ""), ("Madeiran", "Great White"),
        ("Tiger", "Caspian Tiger"), ("", "West African Black Rhinoceros"), ("Dodo", "Raphus cucullatus"), ("Quagga", ""),
        ("Moa", "Giant Moa"), ("Auk", "Great Auk"), ("", ""), ("Thylacine", "Tasmanian Tiger"),
        ("Ibex", "Pyrenean Ibex"), ("Pigeon", "Passenger Pigeon"), ("Baiji", "Yangtze River Dolphin"), ("Bison", "Caucasian Wisent"),
    ]

    public static var count: Int { entries.count }

    public static func photos() -> [Photo] {
        entries.enumerated().map { i, entry in
            Photo(key: i, name: entry.name, description: entry.description, url: "scenery:" + PhotosImages.sample(i + 1))
        }
    }
}
