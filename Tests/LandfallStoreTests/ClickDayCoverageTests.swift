import Foundation
import Testing

@testable import LandfallStore

@Suite("Click day coverage")
struct ClickDayCoverageTests {
    private static let day = RetentionDay.milliseconds

    @Test func wholeCountedDaysComeFromTotalsAndTheCutEdgesAndStaleDaysFromRows() {
        let (start, end) = (10 * Self.day + 5, 20 * Self.day + 7)
        let coverage = ClickDayCoverage(
            start: start, end: end, sealedBefore: 30 * Self.day, staleDays: [9 * Self.day, 12 * Self.day, 20 * Self.day])
        #expect(coverage.from == 11 * Self.day && coverage.to == 20 * Self.day)
        #expect(coverage.staleDays == [12 * Self.day])
        #expect(
            coverage.rawIntervals(start: start, end: end) == [
                start..<(11 * Self.day), (12 * Self.day)..<(13 * Self.day), (20 * Self.day)..<end,
            ])
    }

    @Test func daysNotCountedYetAreReadFromRows() {
        let coverage = ClickDayCoverage(start: 10 * Self.day, end: 20 * Self.day, sealedBefore: 15 * Self.day, staleDays: [])
        #expect(coverage.from == 10 * Self.day && coverage.to == 15 * Self.day)
        #expect(coverage.rawIntervals(start: 10 * Self.day, end: 20 * Self.day) == [(15 * Self.day)..<(20 * Self.day)])
    }

    @Test func aRangeInsideOneDayOrBeforeTheCountsIsReadWhole() {
        let inside = ClickDayCoverage(start: 10 * Self.day + 1, end: 10 * Self.day + 99, sealedBefore: 30 * Self.day, staleDays: [])
        #expect(inside.isEmpty)
        #expect(inside.rawIntervals(start: 10 * Self.day + 1, end: 10 * Self.day + 99) == [(10 * Self.day + 1)..<(10 * Self.day + 99)])
        let later = ClickDayCoverage(start: 40 * Self.day, end: 50 * Self.day, sealedBefore: 30 * Self.day, staleDays: [])
        #expect(later.isEmpty)
        #expect(later.rawIntervals(start: 40 * Self.day, end: 50 * Self.day) == [(40 * Self.day)..<(50 * Self.day)])
    }

    @Test func negativeTimesFallOnTheirOwnDays() {
        let coverage = ClickDayCoverage(start: -Self.day - 5, end: Self.day, sealedBefore: Self.day, staleDays: [])
        #expect(coverage.from == -Self.day && coverage.to == Self.day)
        #expect(coverage.rawIntervals(start: -Self.day - 5, end: Self.day) == [(-Self.day - 5)..<(-Self.day)])
    }

    @Test func onlyPostedClicksTimedBeforeTheDayBeforeTheirReceiptMarkADay() {
        let received = Date(epochMilliseconds: 10 * Self.day + 3_600_000)
        #expect(ClickDayTotalsRule.marksDay(clickedAt: Date(epochMilliseconds: 9 * Self.day - 1), receivedAt: received))
        #expect(!ClickDayTotalsRule.marksDay(clickedAt: Date(epochMilliseconds: 9 * Self.day), receivedAt: received))
        #expect(!ClickDayTotalsRule.marksDay(clickedAt: Date(epochMilliseconds: 0), receivedAt: nil))
        // The sweep counts days that ended two days before its own began: one more than a click may
        // lie back without marking.
        #expect(ClickDayTotalsRule.horizon(now: received) == Date(epochMilliseconds: 8 * Self.day))
    }
}
