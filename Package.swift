// swift-tools-version: 6.0
import PackageDescription

// Layers, dependencies pointing down only (see Protocol/PROTOCOL.md, "Architecture"):
//   scenery (executable) -> SceneryServe -> SceneryTransport -> SceneryEngine -> scenes -> SceneryCore -> CZlib
let package = Package(
    name: "Scenery",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "scenery", targets: ["scenery"]),
        .library(name: "SceneryEngine", targets: ["SceneryEngine"]),
        // The properties the fuzz targets (Fuzz/, a package of its own) and their regression tests hold.
        .library(name: "SceneryFuzzChecks", targets: ["SceneryFuzzChecks"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        // `scenery serve`: the browser front end's HTTP and WebSocket server (SceneryServe only).
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", exact: "2.8.1"),
        // Hummingbird's own lifecycle (already in its graph): sessions end on SIGTERM and SIGINT.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
        // HTTP(S) downloads of pictures and photos (SceneryTransport), on SwiftNIO's event loops,
        // which Hummingbird already brings: see Sources/SceneryTransport/HTTPClient.swift for why
        // it replaced FoundationNetworking's URLSession.
        .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", exact: "2.101.3"),
        // `scenery serve`'s /metrics in Prometheus's text format (SceneryServe only).
        .package(url: "https://github.com/swift-server/swift-prometheus", exact: "2.4.1"),
    ],
    targets: [
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        .target(name: "SceneryCore", dependencies: ["CZlib"]),
        .target(name: "DirectoryScene", dependencies: ["SceneryCore"]),
        .target(name: "HooScene", dependencies: ["SceneryCore", "CZlib"]),
        .target(name: "ExhibitionScene", dependencies: ["SceneryCore"]),
        .target(name: "ShelfScene", dependencies: ["SceneryCore"]),
        .target(name: "PhotosScene", dependencies: ["SceneryCore", "CZlib"]),
        .target(name: "TestcardScene", dependencies: ["SceneryCore"]),
        .target(name: "SceneryEngine", dependencies: ["SceneryCore", "DirectoryScene", "HooScene", "ExhibitionScene", "ShelfScene", "PhotosScene", "TestcardScene"]),
        .target(name: "SceneryTransport", dependencies: [
            "SceneryEngine",
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ]),
        // The browser front end: serves Page/ and bridges each tab to an engine over a WebSocket.
        // Above the engine: nothing below imports it.
        .target(name: "SceneryServe", dependencies: [
            "SceneryTransport",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            .product(name: "HummingbirdWSCompression", package: "hummingbird-websocket"),
            .product(name: "Prometheus", package: "swift-prometheus"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ], resources: [.copy("Page")]),
        .target(name: "SceneryFuzzChecks", dependencies: ["SceneryEngine", "HooScene", "SceneryCore"]),
        .executableTarget(
            name: "scenery",
            dependencies: [
                "SceneryTransport",
                "SceneryServe",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What the scenes' tests share (not part of the engine).
        .target(name: "SceneryTestSupport", dependencies: ["SceneryCore"], path: "Tests/SceneryTestSupport"),
        .testTarget(name: "SceneryCoreTests", dependencies: ["SceneryCore", "SceneryTestSupport"]),
        .testTarget(name: "DirectorySceneTests", dependencies: ["DirectoryScene", "SceneryTestSupport"]),
        .testTarget(name: "HooSceneTests", dependencies: ["HooScene", "SceneryTransport", "SceneryTestSupport"], exclude: ["Corpus"]),
        .testTarget(name: "ExhibitionSceneTests", dependencies: ["ExhibitionScene", "SceneryTestSupport"]),
        .testTarget(name: "ShelfSceneTests", dependencies: ["ShelfScene", "SceneryTestSupport"]),
        .testTarget(name: "PhotosSceneTests", dependencies: ["PhotosScene", "SceneryTestSupport", "SceneryTransport"]),
        .testTarget(name: "TestcardSceneTests", dependencies: ["TestcardScene", "SceneryTestSupport"]),
        .testTarget(name: "SceneryEngineTests", dependencies: ["SceneryEngine", "SceneryTestSupport", "SceneryFuzzChecks"]),
        .testTarget(name: "SceneryTransportTests", dependencies: ["SceneryTransport", "SceneryTestSupport"]),
        .testTarget(name: "SceneryServeTests", dependencies: ["SceneryServe"]),
        .testTarget(name: "TranscriptTests", dependencies: ["SceneryTransport", "scenery", "SceneryTestSupport"]),
    ]
)
