import Foundation
import SceneryCore

/// The scene's time zone: `UTC`, a fixed offset (`+02:00`), or an IANA name (`Europe/Paris`)
/// resolved through the system's time zone database. Month sections and row dates use it.
public struct SceneTimeZone: Sendable {
    public let name: String
    private let fixedOffset: Int?
    private let zone: TimeZone?

    public static let utc = SceneTimeZone(name: "UTC", fixedOffset: 0, zone: nil)

    private init(name: String, fixedOffset: Int?, zone: TimeZone?) {
        self.name = name; self.fixedOffset = fixedOffset; self.zone = zone
    }

    public init(_ name: String) throws(RPCError) {
        if name == "UTC" || name == "GMT" || name == "Z" { self = .utc; return }
        let b = Array(name.utf8)
        if b.count == 6, b[0] == UInt8(ascii: "+") || b[0] == UInt8(ascii: "-"), b[3] == UInt8(ascii: ":"),
           let h = Int(String(decoding: b[1...2], as: UTF8.self)), let m = Int(String(decoding: b[4...5], as: UTF8.self)),
           h < 24, m < 60 {
            self.init(name: name, fixedOffset: (b[0] == UInt8(ascii: "-") ? -1 : 1) * (h * 3600 + m * 60), zone: nil)
            return
        }
        guard name.contains("/"), let zone = TimeZone(identifier: name) else {
            throw .invalidParams("params.timeZone: expected \"UTC\", an offset like \"+02:00\" or an IANA name like \"Europe/Paris\", got \(JSON.string(name))")
        }
        self.init(name: name, fixedOffset: nil, zone: zone)
    }

    /// Seconds east of UTC at the instant `seconds`.
    public func offset(at seconds: Int) -> Int {
        if let fixedOffset { return fixedOffset }
        return zone?.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds))) ?? 0
    }

    /// The local civil date of an instant.
    public func civilDate(_ seconds: Int) -> (year: Int, month: Int, day: Int) {
        let local = seconds + offset(at: seconds)
        return ISODate.civil(fromDays: local >= 0 ? local / 86400 : (local - 86399) / 86400)
    }
}

extension SceneTimeZone: Equatable {
    /// Zones compare by name, which determines them (an offset, or an IANA name).
    public static func == (a: SceneTimeZone, b: SceneTimeZone) -> Bool { a.name == b.name }
}
