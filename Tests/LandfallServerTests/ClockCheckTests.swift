import Foundation
import Logging
import Testing

@testable import LandfallLab

/// `landfall-lab reliability clock` in this process: a few rounds of steps forward and back.
@Suite struct ClockCheckTests {
    @Test func tenStepsLeaveTimestampsAttributionStatisticsAndLimitsRight() async throws {
        var logger = Logger(label: "landfall.tests.clock")
        logger.logLevel = .critical
        let report = try await ClockRun(steps: 10, devicesPerStep: 3, seed: 7, logger: logger).execute()
        #expect(report.forward > 0 && report.backward > 0, "\(report.rows)")
        #expect(report.installs == 30)
        #expect(report.creditedToLaterClick == 0, "\(report.rows)")
        #expect(report.stampsBackwards == 0, "\(report.rows)")
        #expect(report.clicks == 30 && report.clicksCounted == 30, "\(report.rows)")
        #expect(report.daysMiscounted == 0, "\(report.rows)")
        #expect(report.managementExpected.contains(report.managementAdmitted), "\(report.rows)")
    }
}
