// swift-tools-version: 6.0
import Foundation
import PackageDescription

// libFuzzer targets, a package of their own so that the main package's `swift test` never builds
// them. Each target is a thin entry point around a check in SceneryFuzzChecks (the main package),
// which the regression tests share. Build and run them with `Fuzz/run.sh`: the targets need
// `--sanitize=fuzzer` (libFuzzer's `main`) and `-Xswiftc -sanitize=fuzzer` (coverage in every
// module, not only the targets').
// A path dependency is named by its folder, which is the checkout's name wherever it was cloned.
let scenery = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let fuzzTarget = { (name: String) -> Target in
    .executableTarget(name: name, dependencies: [.product(name: "SceneryFuzzChecks", package: scenery)],
                      path: "Targets/\(name)", swiftSettings: [.unsafeFlags(["-parse-as-library"])])
}

let package = Package(
    name: "SceneryFuzz",
    dependencies: [.package(path: "..")],
    targets: ["FuzzJSON", "FuzzRequest", "FuzzZip", "FuzzSession"].map(fuzzTarget)
)
