/// A protocol error: a JSON-RPC 2.0 error code and a message that names the field and what was
/// expected. Every failure a client can cause ends as one of these; none ends the engine.
public struct RPCError: Error, Equatable, Sendable {
    public let code: Int
    public let message: String

    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    public var json: JSON {
        var object = JSONObject()
        object["code"] = .number(Double(code))
        object["message"] = .string(message)
        return .object(object)
    }
}

/// Every error code the engine sends, in one place; `Protocol/PROTOCOL.md` documents each.
public enum ErrorCode {
    /// The line is not JSON (also: invalid UTF-8, NUL bytes, nesting too deep). The id is null.
    public static let parseError = -32700
    /// JSON, but not a request object (an array, a number, a bad `jsonrpc`, `id` or `method`,
    /// or a line over the size limit).
    public static let invalidRequest = -32600
    /// No method of that name.
    public static let methodNotFound = -32601
    /// A parameter is missing, of the wrong type, out of range or unknown.
    public static let invalidParams = -32602
    /// Only `initialize` is accepted before `initialize`.
    public static let notInitialized = -32000
    /// The method needs an open scene and none is open.
    public static let noScene = -32001
    /// `scene.open` named a scene this engine does not have.
    public static let unknownScene = -32002
    /// An `id` that names no node in `display.nodes` (or no asset, for `asset.read`).
    public static let unknownID = -32003
    /// A point-addressed command carried a `baseRev` older than the current rev.
    public static let staleRevision = -32004
    /// A data file could not be read (missing, a folder, unreadable, too large).
    public static let fileUnreadable = -32005
    /// A data file was read but its content is not what the scene expects.
    public static let fileMalformed = -32006
    /// The open scene does not handle this method (for example `section` on a screen without sections).
    public static let notSupported = -32007
    /// The method needs the other clock mode (`clock.advance` with the real clock).
    public static let wrongClock = -32008
    /// `initialize` was sent twice.
    public static let alreadyInitialized = -32009
}

extension RPCError {
    public static func invalidParams(_ message: String) -> RPCError { RPCError(code: ErrorCode.invalidParams, message: message) }
    public static func notSupported(_ message: String) -> RPCError { RPCError(code: ErrorCode.notSupported, message: message) }
    public static func unknownID(_ message: String) -> RPCError { RPCError(code: ErrorCode.unknownID, message: message) }
}
