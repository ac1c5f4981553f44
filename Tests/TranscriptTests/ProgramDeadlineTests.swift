import Foundation
import Testing

/// The tests' `runProcess` never waits for ever: a program that hangs, and what it started that
/// still holds its output (the backend left behind by `Deploy/nginx/run.sh` in a clean-clone run,
/// which held the run for 27 minutes), is killed at the deadline and the test fails instead.
@Suite("Programs the tests run")
struct ProgramDeadlineTests {
    @Test("a program that hangs is killed at its deadline with the process it left holding its output")
    func hangingProgramIsKilled() throws {
        let start = Date()
        // The shell waits on one sleep; the other, in the background, holds stdout open too:
        // killing the shell alone would leave the read waiting.
        let run = try runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", "sleep 600 & sleep 600; echo never"], deadline: 2)
        let took = Date().timeIntervalSince(start)
        #expect(took < 60, "returned after \(took) s")
        #expect(run.status == SIGKILL, "status \(run.status)")
        #expect(run.stderr.contains("killed with its process group after 2 s"), "\(run.stderr)")
        #expect(String(decoding: run.stdout, as: UTF8.self).isEmpty)
    }

    @Test("a program that ends before its deadline is not killed and says nothing more")
    func quickProgramIsLeftAlone() throws {
        let run = try runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", "sleep 1; echo done"], deadline: 30)
        #expect(run.status == 0 && String(decoding: run.stdout, as: UTF8.self) == "done\n")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }
}
