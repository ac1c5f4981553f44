import SceneryFuzzChecks

/// libFuzzer's entry point for the `zip` check (`FuzzCheck.zip`): a failed check traps, so
/// libFuzzer keeps the input as a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if let failure = FuzzCheck.zip.run(Array(UnsafeBufferPointer(start: data, count: size))) { fatalError(failure) }
    return 0
}
