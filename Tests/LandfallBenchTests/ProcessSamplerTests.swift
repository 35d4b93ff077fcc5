import Foundation
@testable import LandfallBench
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Process sampling")
struct ProcessSamplerTests {
    @Test func samplesTheCurrentProcess() throws {
        let sample = try ProcessSampler.sample(pid: getpid())
        #expect(sample.processCount == 1)
        #expect(sample.residentBytes > 1_000_000)
        #expect(sample.peakResidentBytes >= sample.residentBytes)
        #expect(sample.cpuMicroseconds > 0)
    }

    @Test func cpuTimeGrowsWhileTheProcessComputes() throws {
        let before = try ProcessSampler.sample(pid: getpid())
        var after = before
        var sink: UInt64 = 0
        let started = ContinuousClock.now
        // CPU time advances in clock ticks (10 ms); compute until it has, for at most 10 s.
        while after.cpuMicroseconds == before.cpuMicroseconds, ContinuousClock.now - started < .seconds(10) {
            for value in 0..<1_000_000 as Range<UInt64> { sink &+= value &* value }
            after = try ProcessSampler.sample(pid: getpid())
        }
        #expect(sink != 1)
        #expect(after.cpuSeconds(since: before) > 0)
    }

    @Test func sumsOverDirectChildren() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let tail = try #require(Executables.find("tail"))
        let first = try ManagedProcess.start(tail, arguments: ["-f", "/dev/null"], logDirectory: directory.url, logName: "1.log")
        let second = try ManagedProcess.start(tail, arguments: ["-f", "/dev/null"], logDirectory: directory.url, logName: "2.log")
        let children = ProcessSampler.children(of: getpid())
        #expect(children.contains(first.pid))
        #expect(children.contains(second.pid))
        let alone = try ProcessSampler.sample(pid: getpid())
        let together = try ProcessSampler.sample(pid: getpid(), includingChildren: true)
        #expect(together.processCount >= 3)
        #expect(together.residentBytes > alone.residentBytes)
        await first.terminate()
        await second.terminate()
    }

    @Test func aProcessThatDoesNotExistCannotBeSampled() {
        #expect(throws: BenchError.self) { try ProcessSampler.sample(pid: Int32.max) }
    }

    @Test func statFieldsAreCountedFromTheLastParenthesis() throws {
        let line = "4242 (my (odd) name) S 17 4242 4242 0 -1 4194560 1 2 3 4 250 75 0 0 20 0 1 0 100 1000 50"
        let fields = try StatFields(line)
        #expect(fields.parent == 17)
        #expect(fields.userTicks == 250)
        #expect(fields.systemTicks == 75)
        #expect(throws: BenchError.self) { try StatFields("garbage") }
    }

    @Test func memoryComesFromVmRSSAndVmHWM() {
        let status = "Name:\tnginx\nVmPeak:\t  200 kB\nVmHWM:\t    3000 kB\nVmRSS:\t    2048 kB\n"
        let memory = StatusMemory(status)
        #expect(memory.residentBytes == 2_048 * 1_024)
        #expect(memory.peakResidentBytes == 3_000 * 1_024)
        let zombie = StatusMemory("Name:\tzombie\n")
        #expect(zombie.residentBytes == 0)
        #expect(zombie.peakResidentBytes == 0)
    }

    @Test func storageReadsComeFromReadBytesNotFromCharactersRead() {
        let io = "rchar: 9000000\nwchar: 12\nsyscr: 40\nsyscw: 2\nread_bytes: 409600\nwrite_bytes: 0\ncancelled_write_bytes: 0\n"
        #expect(ProcessSampler.storageReadBytes(io) == 409_600)
        #expect(ProcessSampler.storageReadBytes("") == nil)
    }
}
