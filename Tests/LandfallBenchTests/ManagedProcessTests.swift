import Foundation
@testable import LandfallBench
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Managed processes")
struct ManagedProcessTests {
    static func shell(_ script: String, in directory: TestDirectory, newProcessGroup: Bool = false) throws -> ManagedProcess {
        try ManagedProcess.start(
            URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script], logDirectory: directory.url, logName: "sh.log",
            newProcessGroup: newProcessGroup
        )
    }

    @Test func startsTheReferenceServerAndFindsItsPort() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let codes = directory.file("codes.tsv")
        try ReferenceServer.writeCodes([(code: "abc", location: "https://example.com/a")], to: codes)
        let server = try ManagedProcess.start(
            try ReferenceServer.locateBinary(), arguments: ["--codes", codes.path, "--port", "0"], logDirectory: directory.url
        )
        let port = try await server.waitForListeningPort()
        #expect(port > 0)
        try await server.waitForTCP(port: port)
        let response = try HTTPCheck.request(port: port, path: "/abc")
        #expect(response.status == 302)
        #expect(await server.terminate() == .exited(0))
        #expect(!server.isRunning)
        #expect(server.logFile.lastPathComponent == "landfall-reference.log")
    }

    @Test func outputOfBothStreamsGoesToTheLog() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let process = try Self.shell("echo to-stdout; echo to-stderr >&2; exit 3", in: directory)
        #expect(try await process.waitForExit(timeout: .seconds(30)) == .exited(3))
        let log = try String(contentsOf: process.logFile, encoding: .utf8)
        #expect(log == "to-stdout\nto-stderr\n")
    }

    @Test func waitingForALineSeesOnlyCompleteLines() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let process = try Self.shell("printf 'first\\nready: 42'; printf ' now\\n'; exec tail -f /dev/null", in: directory)
        let line = try await process.waitForLine(matching: { $0.hasPrefix("ready:") })
        #expect(line == "ready: 42 now")
        #expect(await process.terminate() == .signalled(SIGTERM))
    }

    @Test func aProcessThatExitsBeforeItsLineIsReportedWithItsLog() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let process = try Self.shell("echo 'cannot open the database' >&2; exit 2", in: directory)
        let error = try await #require(throws: BenchError.self) {
            _ = try await process.waitForListeningPort()
        }
        #expect(error.code == .exitedEarly)
        #expect(error.message.contains("exit status 2"))
        #expect(error.message.contains("cannot open the database"))
    }

    @Test func aLineThatNeverComesTimesOut() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let process = try Self.shell("echo starting; exec tail -f /dev/null", in: directory)
        let error = try await #require(throws: BenchError.self) {
            _ = try await process.waitForLine(containing: "listening", timeout: .milliseconds(200))
        }
        #expect(error.code == .timedOut)
        #expect(error.message.contains("starting"))
        #expect(process.isRunning)
        #expect(await process.terminate() == .signalled(SIGTERM))
    }

    @Test func aProcessIgnoringTheSignalIsKilledAfterTheTimeout() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let process = try Self.shell("trap '' TERM; echo trapped; while :; do :; done", in: directory)
        _ = try await process.waitForLine(containing: "trapped")
        #expect(await process.terminate(signal: SIGTERM, timeout: .milliseconds(200)) == .signalled(SIGKILL))
    }

    @Test func aGrandchildKeepingTheLogOpenDoesNotStallTheWait() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        // The shell exits at once; the background tail keeps standard output and error open.
        let process = try Self.shell("tail -f /dev/null & echo $!", in: directory, newProcessGroup: true)
        #expect(try await process.waitForExit(timeout: .seconds(30)) == .exited(0))
        let line = try await process.waitForLine(matching: { Int32($0) != nil }, timeout: .seconds(5))
        let grandchild = try #require(pid_t(line))
        #expect(kill(grandchild, 0) == 0, "the grandchild still runs")
        kill(grandchild, SIGKILL)
    }

    @Test func theChildInheritsOnlyTheThreeStandardDescriptors() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        // A descriptor of the parent without close-on-exec, which a plain fork/exec would pass on.
        let leaky = open("/dev/null", O_RDONLY)
        defer { close(leaky) }
        #expect(leaky > 2)
        let process = try Self.shell("ls /proc/self/fd", in: directory)
        #expect(try await process.waitForExit(timeout: .seconds(30)) == .exited(0))
        let log = try String(contentsOf: process.logFile, encoding: .utf8)
        let descriptors = Set(log.split(separator: "\n").compactMap { Int32($0) })
        // ls itself opens one more to read the directory.
        #expect(!descriptors.contains(leaky))
        #expect(descriptors.isSuperset(of: [0, 1, 2]))
        #expect(descriptors.count <= 4, "inherited: \(descriptors.sorted())")
    }

    @Test func theChildStartsWithDefaultSignalHandling() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        // SigIgn and SigBlk are the ignored and blocked signal masks of the child itself, in hex.
        let process = try Self.shell("grep -E '^Sig(Ign|Blk)' /proc/self/status", in: directory)
        #expect(try await process.waitForExit(timeout: .seconds(30)) == .exited(0))
        let log = try String(contentsOf: process.logFile, encoding: .utf8)
        var masks: [String: UInt64] = [:]
        for line in log.split(separator: "\n") {
            let parts = line.split(separator: "\t")
            if parts.count == 2 { masks[String(parts[0])] = UInt64(parts[1], radix: 16) }
        }
        #expect(masks["SigBlk:"] == 0)
        // No standard signal (1...31) is ignored. glibc's posix_spawn leaves its two internal
        // real-time signals (32, 33) ignored; the C library of the new program takes them back.
        let ignored = try #require(masks["SigIgn:"])
        #expect(ignored & 0x7FFF_FFFF == 0, "ignored: \(String(ignored, radix: 16))")
    }

    @Test func aMissingProgramFailsToStart() throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let error = try #require(throws: BenchError.self) {
            _ = try ManagedProcess.start(URL(fileURLWithPath: "/nonexistent/program"), logDirectory: directory.url)
        }
        #expect(error.code == .spawnFailed)
    }

    @Test func readsThePortOfAListeningLine() {
        #expect(ManagedProcess.listeningPort(in: "listening on http://127.0.0.1:8080", marker: "listening on http://") == 8080)
        #expect(
            ManagedProcess.listeningPort(in: "Landfall listening on http://127.0.0.1:41234 (database: x)", marker: "listening on http://")
                == 41234)
        #expect(ManagedProcess.listeningPort(in: "listening on http://[::1]:9/", marker: "listening on http://") == 9)
        #expect(ManagedProcess.listeningPort(in: "Server started and listening on 127.0.0.1:5", marker: "listening on http://") == nil)
    }

    @Test func freePortsAreBindableLoopbackPorts() throws {
        let port = try FreePort.loopback()
        #expect((1...65_535).contains(port))
        #expect(!LoopbackTCP.isAccepting(host: "127.0.0.1", port: port))
    }
}
