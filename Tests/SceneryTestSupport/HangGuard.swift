import Testing

extension Trait where Self == TimeLimitTrait {
    /// A bound for tests that once hung forever (FIFOs, endless archives, servers that never
    /// answer): such a test fails instead of stalling the run. It is a guard against a hang, not
    /// a speed bar: Swift Testing runs tests in parallel and counts the time a test waits for a
    /// CPU, and under AddressSanitizer on a two-CPU machine the whole suite takes about two
    /// minutes, so a bound of one minute failed tests that were only waiting their turn.
    public static var hangGuard: Self { .timeLimit(.minutes(10)) }

    /// The hang guard of a test that runs a program which takes its turn with the others (a
    /// browser, the Qt window, the kit, nginx, a package install: two at a time, see the
    /// transcript tests' `runProcessOnItsOwnThread`): its time counts the turns it waits for.
    public static var programGuard: Self { .timeLimit(.minutes(30)) }
}
