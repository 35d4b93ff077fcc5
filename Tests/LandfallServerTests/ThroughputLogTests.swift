import Foundation
import Testing
@testable import LandfallLab

/// The stall figure of `landfall-lab bench`: the longest time a running load got no answer.
@Suite("Bench throughput log")
struct ThroughputLogTests {
    private static func log(_ points: [(milliseconds: Int, answered: Double)]) -> ThroughputLog {
        ThroughputLog(samples: points.map { .init(elapsed: .milliseconds($0.milliseconds), answered: $0.answered) })
    }

    @Test func theQuietStartBeforeTheFirstAnswerIsNotAStall() {
        // wrk reading its paths for 300 ms, then answers every 50 ms.
        let log = Self.log([(0, 0), (50, 0), (100, 0), (150, 0), (200, 0), (250, 0), (300, 0), (350, 40), (400, 90), (450, 140)])
        #expect(log.longestStall == .zero)
    }

    @Test func aPauseInsideTheRunIsMeasuredFromTheLastSampleThatMoved() {
        let log = Self.log([(0, 0), (50, 10), (100, 20), (150, 20), (200, 20), (250, 20), (300, 35), (350, 50), (400, 50)])
        #expect(log.longestStall == .milliseconds(150))
        #expect(log.longestStallSpan.start == .milliseconds(100))
    }

    @Test func theQuietTailAfterTheLoadIsNotAStall() {
        let log = Self.log([(0, 0), (50, 10), (100, 20), (150, 20), (200, 20), (250, 20)])
        #expect(log.longestStall == .zero)
    }

    @Test func aLoadThatNeverGotAnAnswerStalledThroughout() {
        #expect(Self.log([(0, 5), (50, 5), (100, 5)]).longestStall == .milliseconds(100))
    }

    @Test func theSampleFileListsEverySample() {
        let log = Self.log([(0, 0), (50, 12)])
        #expect(log.samplesCSV() == "milliseconds,answered\n0,0\n50,12\n")
    }

    @Test func aPauseBetweenRunsOfLoadIsNoStallButAPauseInsideOneIs() {
        // Two runs 900 ms apart (the lab counting between them); the second stops answering for 150 ms.
        let first = Self.log([(0, 0), (50, 10), (100, 20), (150, 30)])
        let second = Self.log([(0, 30), (50, 40), (100, 40), (150, 40), (200, 40), (250, 55)])
        let joined = ThroughputLog.joining([(.zero, first), (.milliseconds(1050), second)])
        #expect(joined.longestStall == .milliseconds(150))
        #expect(joined.longestStallSpan.start == .milliseconds(1100))
        #expect(joined.samples.count == 10)
    }

    @Test func eachRunCountsItsOwnWholeSeconds() {
        let first = Self.log([(0, 0), (500, 50), (1000, 100), (1200, 130)])
        let second = Self.log([(0, 130), (1000, 330), (2000, 430)])
        let joined = ThroughputLog.joining([(.zero, first), (.seconds(5), second)])
        #expect(joined.perSecond == [100, 200, 100])
    }
}
