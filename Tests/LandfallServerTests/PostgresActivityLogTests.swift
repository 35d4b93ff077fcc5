import Foundation
import Testing

@testable import LandfallLab

/// What `landfall-lab bench` prints beside the retention stall: PostgreSQL's processes and the CPU
/// shares of the samples around it, and nothing from outside it.
@Suite("Bench PostgreSQL activity log")
struct PostgresActivityLogTests {
    private static func sample(_ milliseconds: Int, busy: UInt64, ioWait: UInt64, idle: UInt64, queries: [String] = [])
        -> PostgresActivityLog.Sample
    {
        PostgresActivityLog.Sample(
            elapsed: .milliseconds(milliseconds),
            backends: queries.enumerated().map {
                .init(
                    pid: Int32(100 + $0.offset), kind: "client backend", state: "active", wait: $0.offset == 0 ? "" : "IO:WALWrite",
                    runningMilliseconds: 12.4, query: $0.element)
            },
            cpu: .init(busy: busy, ioWait: ioWait, idle: idle))
    }

    private static let log = PostgresActivityLog(samples: [
        sample(0, busy: 1_000, ioWait: 100, idle: 900),
        sample(50, busy: 1_008, ioWait: 100, idle: 902, queries: ["SELECT 1"]),
        sample(400, busy: 1_014, ioWait: 104, idle: 902, queries: ["WITH daily AS (SELECT …)", "COMMIT"]),
        sample(450, busy: 1_024, ioWait: 104, idle: 902),
        sample(900, busy: 1_030, ioWait: 107, idle: 905, queries: ["DROP TABLE \"clicks_p202601\""]),
    ])

    @Test func theStallIsDescribedByTheSamplesAroundItOnly() {
        let lines = Self.log.describe((start: .milliseconds(380), length: .milliseconds(60)), margin: .milliseconds(30))
        #expect(lines.count == 4)
        #expect(lines[0] == "  400 ms: CPU busy 60 %, iowait 40 %")
        #expect(lines[1].contains("on CPU") && lines[1].contains("WITH daily"))
        #expect(lines[2].contains("IO:WALWrite") && lines[2].contains("COMMIT"))
        #expect(lines[3] == "  450 ms: CPU busy 100 %, iowait 0 %")
    }

    @Test func theFileHasALinePerProcessAndOneForASampleWithoutAny() {
        let lines = Self.log.csv().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "milliseconds,cpu busy %,cpu iowait %,pid,kind,state,wait,running ms,query")
        // The first sample has no CPU shares (nothing before it) and no process.
        #expect(lines[1] == "0,,,,,,,,")
        #expect(lines[2] == "50,80,0,100,client backend,active,,12,\"SELECT 1\"")
        // A query's quotes are doubled inside its quoted field.
        #expect(lines[6] == "900,50,25,100,client backend,active,,12,\"DROP TABLE \"\"clicks_p202601\"\"\"")
        #expect(lines.count == 8)
    }
}
