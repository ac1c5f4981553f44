/// The property checks the fuzz targets hold on every input, shared with the regression tests
/// that replay every saved finding (`Fuzz/regressions/`).
///
/// A check returns nil when the input passes and a description of the failure otherwise; a
/// fuzz target traps on a failure so libFuzzer saves the input. A crash inside a check (a trap
/// in the engine) is a finding too.
public enum FuzzCheck: String, CaseIterable, Sendable {
    /// The JSON parser on raw bytes: a parsed value encodes canonically and reads back equal.
    case json
    /// One engine fed the input as request lines: one answer per line, each one JSON line.
    case request
    /// The input as a ZIP archive: opened and loaded as a Hoo set, refused or read, never a trap.
    case zip
    /// A session on a scene chosen by the first byte: every patch applied in order gives the
    /// `snapshot` state, and the answers are well formed.
    case session

    /// Runs the check on one input.
    public func run(_ bytes: [UInt8]) -> String? {
        switch self {
        case .json: return JSONCheck.run(bytes)
        case .request: return RequestCheck.run(bytes)
        case .zip: return ZipCheck.run(bytes)
        case .session: return SessionCheck.run(bytes)
        }
    }
}
