import SceneryCore

/// The JSON-RPC 2.0 envelope: reading a request's members, writing responses, errors and
/// notifications.
extension Engine {
    static let requestMembers = ["jsonrpc", "id", "method", "params"]

    /// Convenience for tests: one line in, the output lines out.
    public func handle(_ line: String) -> [String] {
        var output: [UInt8] = []
        handle(line: Array(line.utf8), output: &output)
        return Engine.lines(output)
    }

    /// The answer to a line longer than `limits.maxLineBytes`, which the transport discarded unread.
    public func rejectOverlongLine(byteCount: Int, output: inout [UInt8]) {
        let error = RPCError(code: ErrorCode.invalidRequest,
                             message: "line of \(byteCount) bytes exceeds the limit of \(limits.maxLineBytes) bytes; it was discarded")
        write(error: error, id: .null, to: &output)
    }

    static func lines(_ output: [UInt8]) -> [String] {
        output.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
    }

    static func isValidID(_ id: JSON) -> Bool {
        switch id {
        case .string: return true
        case .number(let n): return n.rounded() == n && abs(n) <= 9_007_199_254_740_991
        default: return false
        }
    }

    /// Checks the JSON-RPC 2.0 envelope. Requests without an id are refused: a client that
    /// sent a state-changing notification would never see its patch and silently fall out of sync.
    static func envelope(_ request: JSON) throws(RPCError) -> (JSON, String, Params) {
        guard case .object(let object) = request else {
            throw RPCError(code: ErrorCode.invalidRequest, message: "request: expected a JSON object, got \(request.typeName)")
        }
        guard object["jsonrpc"] == "2.0" else {
            throw RPCError(code: ErrorCode.invalidRequest, message: "jsonrpc: expected \"2.0\", got \(object["jsonrpc"].map(Params.describe) ?? "nothing")")
        }
        guard let id = object["id"] else {
            throw RPCError(code: ErrorCode.invalidRequest, message: "id: required; expected a string or an integer (Scenery answers every request)")
        }
        guard isValidID(id) else {
            throw RPCError(code: ErrorCode.invalidRequest, message: "id: expected a string or an integer from -(2^53 - 1) to 2^53 - 1, got \(Params.describe(id))")
        }
        guard case .string(let method)? = object["method"] else {
            throw RPCError(code: ErrorCode.invalidRequest, message: "method: expected a string, got \(object["method"].map(Params.describe) ?? "nothing")")
        }
        let params = object["params"]
        // jsonrpc, id and method are there; anything besides them and params is unknown.
        if object.count > (params == nil ? 3 : 4) {
            for key in object.keys where !Engine.requestMembers.contains(key) {
                throw RPCError(code: ErrorCode.invalidRequest, message: "\(key): unknown member of a request; expected jsonrpc, id, method, params")
            }
        }
        switch params {
        case nil: return (id, method, Params(JSONObject()))
        case .object(let params)?: return (id, method, Params(params))
        case let other?:
            throw RPCError(code: ErrorCode.invalidParams, message: "params: expected an object, got \(Params.describe(other))")
        }
    }

    func write(error: RPCError, id: JSON, to output: inout [UInt8]) {
        var response = JSONObject()
        response["error"] = error.json
        response["id"] = id
        response["jsonrpc"] = "2.0"
        CanonicalJSON.write(.object(response), to: &output)
        output.append(0x0A)
    }

    static func writeNotification(_ method: String, _ params: JSONObject, to output: inout [UInt8]) {
        var notification = JSONObject()
        notification["jsonrpc"] = "2.0"
        notification["method"] = .string(method)
        notification["params"] = .object(params)
        CanonicalJSON.write(.object(notification), to: &output)
        output.append(0x0A)
    }
}
