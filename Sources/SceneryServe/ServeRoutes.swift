import Foundation
import Hummingbird
import HummingbirdCore
import NIOCore
import SceneryCore

extension SceneryServer {
    /// The HTTP routes besides the WebSocket: the page's presets, `/healthz` for load balancers,
    /// `/metrics` for Prometheus, `/stats` (sessions open), `/session` asked for without an
    /// upgrade, and the page's files; every request first passes ``HostCheck``.
    static func router(door: FrontDoor, drain: Drain, metrics: ServeMetrics, counter: SessionCounter, presets: String) -> Router<BasicRequestContext> {
        let router = Router()
        router.addMiddleware { HostCheck(door: door) }
        router.get("/presets.json") { _, _ -> Response in
            Response(status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                     body: .init(byteBuffer: ByteBuffer(string: presets)))
        }
        // For load balancers and probes: 200 while serving, 503 once draining.
        router.get("/healthz") { _, _ -> Response in
            let draining = drain.isDraining
            return Response(status: draining ? .serviceUnavailable : .ok, headers: [.contentType: "text/plain", .cacheControl: "no-store"],
                            body: .init(byteBuffer: ByteBuffer(string: draining ? "draining\n" : "ok\n")))
        }
        // For Prometheus: its text exposition format.
        router.get("/metrics") { _, _ -> Response in
            Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
                     body: .init(byteBuffer: ByteBuffer(bytes: metrics.exposition())))
        }
        router.get("/session") { _, _ -> Response in
            Response(status: .badRequest, headers: [.contentType: "text/plain"],
                     body: .init(byteBuffer: ByteBuffer(string: "/session is a WebSocket: send Upgrade: websocket\n")))
        }
        // How many sessions are open: a closed tab must free its session (tests and the load
        // benchmark read it).
        router.get("/stats") { _, _ -> Response in
            Response(status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                     body: .init(byteBuffer: ByteBuffer(string: CanonicalJSON.encode(counter.json))))
        }
        router.addMiddleware { FileMiddleware(SceneryServer.pageFolder, searchForIndexHtml: true) }

        return router
    }
}
