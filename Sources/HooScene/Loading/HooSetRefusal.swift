/// Why one set (an archive or a folder) is not loaded; it becomes that source's
/// ``HooLoadFailure``. Archive problems arrive as ``ZipError``s and keep their text.
struct HooSetRefusal: Error, Equatable {
    let reason: String

    init(_ reason: String) { self.reason = reason }
    init(_ error: ZipError) { reason = error.description }
}
