/// The head of an HTTP/1.1 request as ``ConnectionGuard`` reads it before the HTTP server sees a
/// byte: the request line and the header fields, enough to judge `Host`, `Origin` and whether
/// the request asks for a WebSocket upgrade.
///
/// It is strict on purpose: a head it cannot read (a line without a colon, a folded line, no
/// `Host` or two of them) is refused, so nothing it did not judge reaches the server.
struct RequestHead {
    var method: String
    var target: String
    /// Field names in lower case, values without surrounding blanks, in the order sent.
    var fields: [(name: String, value: String)]

    /// Where the head ends in `bytes` (the index just past its empty line, which may be CRLF or
    /// LF), or nil while it is not complete.
    static func end(in bytes: [UInt8], from start: Int = 0) -> Int? {
        var index = max(start, 1)
        while index < bytes.count {
            if bytes[index] == 0x0A {
                if bytes[index - 1] == 0x0A { return index + 1 }
                if bytes[index - 1] == 0x0D, index >= 2, bytes[index - 2] == 0x0A { return index + 1 }
            }
            index += 1
        }
        return nil
    }

    /// Reads a complete head (up to and including its empty line); nil when it is not one.
    init?(_ bytes: ArraySlice<UInt8>) {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line -> Substring in
            let text = Substring(decoding: line, as: UTF8.self)
            return text.hasSuffix("\r") ? text.dropLast() : text
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let requestLine = lines.first else { return nil }
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[2].hasPrefix("HTTP/") else { return nil }
        method = String(parts[0])
        target = String(parts[1])
        fields = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"), let first = line.first, first != " ", first != "\t" else { return nil }
            let name = line[..<colon].lowercased()
            guard !name.isEmpty, !name.contains(" "), !name.contains("\t") else { return nil }
            fields.append((name, line[line.index(after: colon)...].trimmingBlanks()))
        }
    }

    /// Every value of the field `name` (lower case).
    func values(_ name: String) -> [String] { fields.filter { $0.name == name }.map(\.value) }

    /// The single `Host`, nil when there is none or more than one.
    var host: String? {
        let hosts = values("host")
        return hosts.count == 1 ? hosts[0] : nil
    }

    /// The `Origin`, nil when the client sent none.
    var origin: String? { values("origin").first }

    /// Whether the request asks to become a WebSocket (`Upgrade: websocket`).
    var isWebSocketUpgrade: Bool {
        values("upgrade").contains { value in
            value.split(separator: ",").contains { $0.trimmingBlanks().lowercased() == "websocket" }
        }
    }
}

extension Substring {
    /// Without the spaces and tabs around it.
    fileprivate func trimmingBlanks() -> String {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }
}
