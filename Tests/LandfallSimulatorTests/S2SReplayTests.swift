import Foundation
@testable import LandfallSimulator
import Testing

/// The population an S2S replay posts, and the server clock it reads.
@Suite("S2S replay population")
struct S2SReplayTests {
    static let population = PopulationGenerator(model: PopulationModel(clicksPerDay: 300, days: 3, windowHours: 23.5), seed: 3).generate()

    @Test("the timeline ends 5 s before now with its gaps kept, as an S2S sender knows it")
    func reported() throws {
        let now = Date(timeIntervalSince1970: 1_795_600_000.75)
        let reported = S2SReplay.asReported(Self.population, endingAt: now)
        let last = max(try #require(reported.clicks.last).time, try #require(reported.installs.last).time)
        let end = reported.date(last)
        #expect(end <= now - S2SReplay.margin && end > now - S2SReplay.margin - 1)
        #expect(reported.start.timeIntervalSince1970.rounded() == reported.start.timeIntervalSince1970)
        #expect(reported.clicks.count == Self.population.clicks.count && reported.installs.count == Self.population.installs.count)
        for (original, posted) in zip(Self.population.clicks, reported.clicks) {
            #expect(abs(original.time - posted.time) <= 0.0005)
            #expect(abs((posted.time * 1000).rounded() - posted.time * 1000) < 1e-6)
            #expect(posted.beacon?.platformVersion == nil && posted.beacon?.model == nil && (posted.beacon?.touchPoints ?? 0) == 0)
            #expect(posted.beacon?.screenWidth == original.beacon?.screenWidth && posted.beacon?.timezone == original.beacon?.timezone)
        }
        // The sender got each click's token in its answer, so the installs that carried one still do.
        #expect(Self.population.installs.contains { $0.carriesToken })
        #expect(reported.installs.map(\.carriesToken) == Self.population.installs.map(\.carriesToken))
        #expect(reported.installs.map(\.causingClick) == Self.population.installs.map(\.causingClick))
        #expect(reported.model.windowHours == 24 && reported.model.warmUpDays == 0)
        // Three days of events plus the 24-hour window, and an hour of rounding.
        #expect((96...97).contains(S2SReplay.appWindowHours(for: reported)))
    }

    @Test("the server's Date header is read as an IMF-fixdate")
    func serverDate() {
        #expect(HTTPClient.httpDate("Wed, 25 Nov 2026 10:01:56 GMT") == Date(timeIntervalSince1970: 1_795_600_916))
        #expect(HTTPClient.httpDate("yesterday") == nil)
    }
}
