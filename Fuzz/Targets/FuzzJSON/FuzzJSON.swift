import SceneryFuzzChecks

/// libFuzzer's entry point for the `json` check (`FuzzCheck.json`): a failed check traps, so
/// libFuzzer keeps the input as a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if let failure = FuzzCheck.json.run(Array(UnsafeBufferPointer(start: data, count: size))) { fatalError(failure) }
    return 0
}
