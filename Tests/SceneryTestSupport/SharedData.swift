import Foundation
import Testing

/// The briefs' real data and the conformance suites, in `../shared` beside the checkout.
///
/// `../shared` is not part of a user's clone: a test that reads it is enabled only when the file
/// or folder is there, and otherwise counts as skipped with one message naming the path and what
/// it is (`.enabled(if: SharedData.has(path), SharedData.skipMessage(path, ...))`). With
/// `../shared` present nothing skips.
public enum SharedData {
    /// The repository's root (this file is `Tests/SceneryTestSupport/SharedData.swift`).
    public static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `../shared` from the repository's root.
    public static let root = repo.deletingLastPathComponent().appendingPathComponent("shared")

    /// The absolute path of `relative` under `../shared` (`seed-data/GoTest/people.json`).
    public static func path(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }

    /// Whether `relative` exists under `../shared`.
    public static func has(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: path(relative))
    }

    /// The message of a test skipped because `relative` is missing: the path and what it is.
    public static func skipMessage(_ relative: String, _ what: String) -> Comment {
        Comment(rawValue: "skipped: needs ../shared/\(relative) (\(what)), which is not beside this checkout")
    }

    /// The trait of a test that reads `relative`: enabled when it is there, else skipped with
    /// ``skipMessage(_:_:)``.
    public static func needs(_ relative: String, _ what: String) -> ConditionTrait {
        .enabled(if: has(relative), skipMessage(relative, what))
    }
}
