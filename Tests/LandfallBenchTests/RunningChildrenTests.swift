import Foundation
@testable import LandfallBench
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The children a lab run started are killed at its exit, not left running.
@Suite("Children killed at exit")
struct RunningChildrenTests {
    @Test("A child is listed from its start until it is reaped, and the exit handler's kill ends it")
    func listedUntilReaped() async throws {
        let directory = try TestDirectory()
        let process = try ManagedProcessTests.shell("exec sleep 600", in: directory)
        #expect(RunningChildren.running[process.pid] == false)
        // Only this test's child: other suites' children run in the same process.
        RunningChildren.kill(RunningChildren.running.filter { $0.key == process.pid })
        let status = try await process.waitForExit(timeout: .seconds(30))
        #expect(status == .signalled(SIGKILL))
        #expect(RunningChildren.running[process.pid] == nil)
    }

    @Test("A child leading its own process group is killed with what it started")
    func groupKilled() async throws {
        let directory = try TestDirectory()
        let pidFile = directory.url.appendingPathComponent("grandchild.pid")
        let process = try ManagedProcessTests.shell(
            // Sleeps far longer than the test can be held up: beside the CPU-bound suites, which
            // keep the two cooperative threads busy, this test's awaits once resumed more than 30
            // seconds late, so a 30-second sleep had ended by itself before the kill (exit 0).
            "sleep 600 & echo $! > '\(pidFile.path)'; exec sleep 600", in: directory, newProcessGroup: true)
        #expect(RunningChildren.running[process.pid] == true)
        let grandchild = try await Self.readPid(pidFile)
        RunningChildren.kill(RunningChildren.running.filter { $0.key == process.pid })
        let status = try await process.waitForExit(timeout: .seconds(30))
        #expect(status == .signalled(SIGKILL))
        // The grandchild is not ours to reap: once killed it is gone or a zombie of init's.
        var gone = false
        for _ in 0..<300 where !gone {
            gone = kill(grandchild, 0) != 0 || Self.isZombie(grandchild)
            if !gone { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(gone)
    }

    static func readPid(_ file: URL) async throws -> pid_t {
        for _ in 0..<3000 {
            if let text = try? String(contentsOf: file, encoding: .utf8),
                let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                return pid
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw BenchError(.systemCall, "the shell never wrote its grandchild's pid")
    }

    static func isZombie(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return true }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }
}
