import SceneryCore

/// The parser reads any bytes without trapping; what it accepts, the canonical encoder writes,
/// and the parser reads that back to the same value, whose encoding is the same bytes again.
enum JSONCheck {
    static func run(_ bytes: [UInt8]) -> String? {
        guard let value = try? JSONParser.parse(bytes) else { return nil }
        let encoded = CanonicalJSON.encode(value)
        guard let again = try? JSONParser.parse(encoded) else {
            return "the canonical encoding of an accepted value does not parse: \(encoded.prefix(200))"
        }
        guard again == value else { return "the canonical encoding reads back as another value: \(encoded.prefix(200))" }
        guard CanonicalJSON.encode(again) == encoded else { return "encoding is not stable: \(encoded.prefix(200))" }
        return nil
    }
}
