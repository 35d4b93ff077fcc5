import Foundation
@testable import LandfallBench
import Testing

@Suite("System description")
struct SystemInfoTests {
    @Test func describesThisMachineInOneLine() {
        let info = SystemInfo.current(swiftVersion: "Swift 6.3.1", date: Date(timeIntervalSince1970: 1_763_700_000))
        #expect(info.cores >= 1)
        #if os(Linux)
        #expect(info.kernel.hasPrefix("Linux "))
        #expect(info.memoryBytes.map { $0 > 0 } == true)
        #endif
        #expect(!info.summary.contains("\n"))
        #expect(info.summary.hasPrefix("2025-11-21 · "))
        #expect(info.summary.hasSuffix(" · Swift 6.3.1"))
        #expect(info.summary.contains("\(info.cores) core"))
    }

    @Test func summaryListsEveryPart() {
        let info = SystemInfo(
            cpuModel: "AMD EPYC 7B13", cores: 2, memoryBytes: 8 * 1_073_741_824, kernel: "Linux 6.1.0 x86_64",
            swiftVersion: "Swift 6.3.1", date: Date(timeIntervalSince1970: 0)
        )
        #expect(info.summary == "1970-01-01 · AMD EPYC 7B13 · 2 cores · 8.0 GiB · Linux 6.1.0 x86_64 · Swift 6.3.1")
    }

    @Test func parsesProcFilesAndTheSwiftVersion() {
        let cpuinfo =
            "processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC   7B13 64-Core Processor\nprocessor\t: 1\nmodel name\t: AMD EPYC 7B13 64-Core Processor\n"
        #expect(SystemInfo.cpuModel(fromCPUInfo: cpuinfo) == "AMD EPYC 7B13 64-Core Processor")
        #expect(SystemInfo.cpuModel(fromCPUInfo: "processor : 0\n") == nil)
        #expect(SystemInfo.memoryBytes(fromMemInfo: "MemTotal:        8041572 kB\nMemFree: 1 kB\n") == 8_041_572 * 1_024)
        #expect(
            SystemInfo.swiftVersion(fromVersionOutput: "Swift version 6.3.1 (swift-6.3.1-RELEASE)\nTarget: x86_64-unknown-linux-gnu\n")
                == "Swift 6.3.1")
        #expect(SystemInfo.swiftVersion(fromVersionOutput: "Apple Swift version 6.2 (swiftlang-6.2.0.19.9)") == "Swift 6.2")
        #expect(SystemInfo.swiftVersion(fromVersionOutput: "command not found") == nil)
    }
}
