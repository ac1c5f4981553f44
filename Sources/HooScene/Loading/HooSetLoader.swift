import SceneryCore

/// Loads Hoo sets from a folder of `##.zip` archives and/or `##` folders, or one archive.
public enum HooSetLoader {
    /// Loads every set under `path`, reporting progress once per archive or folder. Never
    /// throws: a source that fails is a ``HooLoadFailure`` (a missing `path` is one failure).
    public static func load(path: String, context: JobContext) -> HooLoadResult {
        // Interim: the archive reader lands with issue 4's loading work.
        HooLoadResult(sets: [], failures: [HooLoadFailure(source: path, reason: "loading sets is not implemented yet")])
    }
}
