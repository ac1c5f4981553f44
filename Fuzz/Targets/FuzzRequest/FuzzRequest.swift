import SceneryFuzzChecks

/// libFuzzer's entry point for the `request` check (`FuzzCheck.request`): a failed check traps, so
/// libFuzzer keeps the input as a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if let failure = FuzzCheck.request.run(Array(UnsafeBufferPointer(start: data, count: size))) { fatalError(failure) }
    return 0
}
