import SceneryCore

/// The rules an entry name must follow: a plain relative path that cannot leave the folder it is
/// extracted to and means the same on every system.
///
/// Refused: an empty name; NUL or other control bytes; a leading `/` or `\`; a drive prefix
/// (`C:`); any backslash (a separator on Windows, so `a\..\b` would escape there); invalid
/// UTF-8 (names are read as UTF-8 whatever the language flag says); and `..`, `.` or empty
/// segments (`a//b`). A trailing `/` marks a directory. Because such names are already
/// canonical, duplicates are found by comparing bytes (see ``ZipArchive``).
enum ZipEntryName {
    /// Why `name` is refused, or nil when it is acceptable.
    static func problem(_ name: UnsafeRawBufferPointer) -> String? {
        guard let first = name.first else { return "empty name" }
        if first == UInt8(ascii: "/") { return "path starts with \"/\"" }
        if first == UInt8(ascii: "\\") { return "path starts with \"\\\"" }
        if name.count >= 2, name[1] == UInt8(ascii: ":"), isASCIILetter(first) {
            return "path starts with the drive prefix \"\(Character(Unicode.Scalar(first))):\""
        }
        var segmentStart = 0
        var sawHighBit = false
        for index in 0..<name.count {
            let byte = name[index]
            if byte == 0 { return "name contains a NUL byte" }
            if byte < 0x20 || byte == 0x7F { return "name contains a control character" }
            if byte == UInt8(ascii: "\\") { return "name contains a backslash" }
            if byte >= 0x80 { sawHighBit = true }
            if byte == UInt8(ascii: "/") {
                if let problem = segmentProblem(name, segmentStart, index) { return problem }
                segmentStart = index + 1
            }
        }
        // The last segment is empty for a directory ("a/b/"), which is fine.
        if segmentStart < name.count, let problem = segmentProblem(name, segmentStart, name.count) { return problem }
        if sawHighBit && UTF8Check.firstInvalidOffset(name) != nil { return "name is not valid UTF-8" }
        return nil
    }

    /// The name for messages: UTF-8 with bad bytes replaced and control bytes escaped (`\0`,
    /// `\x1B`), so a hostile name cannot break the line it is shown on.
    static func display(_ name: UnsafeRawBufferPointer) -> String {
        var shown: [UInt8] = []
        shown.reserveCapacity(name.count)
        for byte in name {
            if byte == 0 {
                shown += [UInt8(ascii: "\\"), UInt8(ascii: "0")]
            } else if byte < 0x20 || byte == 0x7F {
                let hex = Array("0123456789ABCDEF".utf8)
                shown += [UInt8(ascii: "\\"), UInt8(ascii: "x"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            } else {
                shown.append(byte)
            }
        }
        return String(decoding: shown, as: UTF8.self)
    }

    private static func segmentProblem(_ name: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> String? {
        switch end - start {
        case 0: return "path contains an empty segment (\"//\")"
        case 1 where name[start] == UInt8(ascii: "."): return "path contains a \".\" segment"
        case 2 where name[start] == UInt8(ascii: ".") && name[start + 1] == UInt8(ascii: "."): return "path contains \"..\""
        default: return nil
        }
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
}
