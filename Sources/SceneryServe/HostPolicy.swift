/// Which `Host` and `Origin` headers `scenery serve` answers, against DNS rebinding and
/// cross-site WebSocket hijacking (PROTOCOL.md section 9).
///
/// A page of another site cannot be stopped from sending requests to 127.0.0.1; what stops it is
/// that the browser names that site in `Host` (after a DNS rebinding) and in `Origin`. So the
/// server answers only the host names it listens as: an IP literal (no DNS name can be rebound
/// to it), `localhost`, the `--host` it was given, and the hosts of the origins `--allow-origin`
/// names (a reverse proxy's, say). A WebSocket upgrade from a page must also come from the
/// server's own page, `http://HOST:PORT` with such a host and the port it listens on, or from an
/// origin `--allow-origin` names, as Jupyter's server and VS Code's do.
struct HostPolicy: Sendable {
    /// The `--host` the server listens on.
    var listenHost: String
    /// The port it listens on (known once it listens, for port 0).
    var port: Int
    /// `--allow-origin` values, normalised (``normalise(origin:)``).
    var allowedOrigins: Set<String>

    init(listenHost: String, port: Int, allowedOrigins: [String]) {
        self.listenHost = listenHost
        self.port = port
        self.allowedOrigins = Set(allowedOrigins.map(HostPolicy.normalise(origin:)))
    }

    /// Why a request with this `Host` is refused, or nil when it is answered.
    func refusal(host: String?) -> String? {
        guard let host, !host.isEmpty else { return "a request must name the server in Host" }
        if accepts(hostName: HostPolicy.hostName(ofAuthority: host)) { return nil }
        return "Host \(host) is not a name this server answers as (an IP address, localhost, its --host, or a host of --allow-origin): a page reached through another name (DNS rebinding) may not use it"
    }

    /// Why a WebSocket upgrade from `origin` is refused, or nil when it is taken. No `Origin` is a
    /// program, not a browser page, and is taken (it could claim any origin anyway).
    func refusal(origin: String?) -> String? {
        guard let origin else { return nil }
        let normalised = HostPolicy.normalise(origin: origin)
        if allowedOrigins.contains(normalised) { return nil }
        if normalised.hasPrefix("http://") {
            let authority = String(normalised.dropFirst("http://".count))
            let (name, originPort) = HostPolicy.split(authority: authority)
            if (originPort ?? 80) == port, accepts(hostName: name) { return nil }
        }
        return "Origin \(origin) is not this server's page (http://127.0.0.1:\(port), http://localhost:\(port)) nor one --allow-origin names"
    }

    private func accepts(hostName name: String) -> Bool {
        let name = name.lowercased()
        if name == "localhost" || HostPolicy.isIPLiteral(name) { return true }
        if name == HostPolicy.hostName(ofAuthority: listenHost).lowercased() { return true }
        return allowedOrigins.contains { origin in
            guard let scheme = origin.range(of: "://") else { return false }
            return HostPolicy.split(authority: String(origin[scheme.upperBound...])).name == name
        }
    }

    /// `http://Example.org:80/` -> `http://example.org:80` (lower case, no trailing slash).
    static func normalise(origin: String) -> String {
        var text = origin.lowercased()
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    /// The host name of `host[:port]` or `[v6]:port`, brackets kept for IPv6.
    static func hostName(ofAuthority authority: String) -> String { split(authority: authority).name }

    private static func split(authority: String) -> (name: String, port: Int?) {
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            let name = String(authority[...close])
            let rest = authority[authority.index(after: close)...]
            return (name, rest.hasPrefix(":") ? Int(rest.dropFirst()) : nil)
        }
        if let colon = authority.lastIndex(of: ":"), !authority[..<colon].contains(":") {
            return (String(authority[..<colon]), Int(authority[authority.index(after: colon)...]))
        }
        return (authority, nil)
    }

    /// A dotted IPv4 address or a bracketed IPv6 one: names no DNS answer can stand for.
    static func isIPLiteral(_ name: String) -> Bool {
        if name.hasPrefix("[") && name.hasSuffix("]") {
            let inner = name.dropFirst().dropLast()
            return !inner.isEmpty && inner.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber) && Int(part).map { $0 <= 255 } == true
        }
    }
}
