/// Relative `file:` URLs inside a data file (`"file:pictures/ada.png"` in a `people.json`) name
/// a file next to that data file, as a relative link in a web page does: a data file and its
/// pictures move together, whatever folder the engine runs in.
public enum RelativeFileURL {
    /// `url` with a relative `file:` path taken from the folder of `dataFile` (the path as the
    /// command gave it); any other URL, and a data file without a folder, unchanged.
    /// `file:pictures/a.png` in `data/people.json` becomes `file:data/pictures/a.png`.
    public static func resolve(_ url: String, inFileAt dataFile: String) -> String {
        guard url.hasPrefix("file:"), !url.hasPrefix("file:/") else { return url }
        guard let slash = dataFile.lastIndex(of: "/") else { return url }
        return "file:" + dataFile[...slash] + url.dropFirst("file:".count)
    }
}
