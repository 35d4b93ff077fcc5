import Foundation
import LandfallModels
import LandfallStore
import LandfallTestSupport
import Testing

/// What a match reads before scoring, read together: the same as the population and each key's
/// walk read one by one, on both engines (PostgreSQL reads it in one statement).
extension StorageContractTests {
    @Test(arguments: TestEngine.allCases)
    func matchReadsAreThePopulationAndEveryKeysCandidatesInKeyOrder(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let plain = try await Self.insertLink(storage, appId: app.id)
            let short = Fixtures.link(
                appId: app.id, content: LinkContent(originalUrl: "https://example.com/sale", attributionWindowHours: 2))
            try await storage.insertLink(short)
            let both = try await Self.insertKeyedClick(storage, link: plain, clickedAt: Fixtures.date(-500))
            let onShortLink = try await Self.insertKeyedClick(storage, link: short, clickedAt: Fixtures.date(-100))
            var prefixOnly = Fixtures.click(appId: app.id, linkId: plain.id, clickedAt: Fixtures.date(-300))
            prefixOnly.ipPrefix = both.ipPrefix
            prefixOnly.signature = "ios|750x1334|Asia/Tokyo|ja-JP"
            var signatureOnly = Fixtures.click(appId: app.id, linkId: plain.id, clickedAt: Fixtures.date(-200))
            signatureOnly.ipPrefix = "198.51.100"
            signatureOnly.signature = both.signature
            signatureOnly.matchEvidence = "evidence of \(signatureOnly.id)"
            try await storage.insertClicks([prefixOnly, signatureOnly])
            let consumed = try await Self.insertKeyedClick(storage, link: plain, clickedAt: Fixtures.date(-50))
            try await Self.insertKeyedClick(storage, link: plain, clickedAt: Fixtures.date(-10), isBot: true)
            try await Self.insertInstall(storage, appId: app.id, method: .probabilistic, clickId: consumed.id, linkId: plain.id)
            let day = Fixtures.epoch / 86_400_000
            #expect(
                try await storage.recordStatistics(
                    [
                        ClickStatDelta(appId: app.id, platform: "ios", day: day, factor: nil, value: nil, clicks: 7),
                        ClickStatDelta(appId: app.id, platform: "ios", day: day, factor: "timezone", value: "Europe/Lisbon", clicks: 5),
                        ClickStatDelta(
                            appId: app.id, platform: "android", day: day, factor: "timezone", value: "Europe/Lisbon", clicks: 40),
                    ], watermarkFrom: 0, to: 1_000))

            let prefix = CandidateIndexKey.ipPrefix(try #require(both.ipPrefix))
            let signature = CandidateIndexKey.signature(try #require(both.signature))
            let values = [(factor: "timezone", value: "Europe/Lisbon"), (factor: "language", value: "pt-PT")]
            func request(_ keys: [CandidateIndexKey], limit: Int = 50) -> MatchReadRequest {
                MatchReadRequest(
                    appId: app.id, platform: "ios", keys: keys, since: Fixtures.date(-1_000), until: Fixtures.date(1_000), limit: limit,
                    fromDay: day, toDay: day, values: values
                )
            }

            let read = try await storage.matchReads(request([prefix, signature]))
            #expect(
                read.population == ClickPopulation(clickCount: 7, counts: ["timezone": ["Europe/Lisbon": 5], "language": ["pt-PT": 0]]))
            #expect(read.candidates.map(\.id) == [onShortLink, prefixOnly, both, onShortLink, signatureOnly, both].map(\.id))
            #expect(read.candidates.first?.linkWindowHours == 2)
            #expect(read.candidates.first?.matchEvidence == onShortLink.matchEvidence)

            for (keys, limit) in [([prefix, signature], 50), ([signature, prefix], 2), ([prefix], 50), ([signature], 1), ([], 50)] {
                var separately: [CandidateRef] = []
                for key in keys {
                    separately += try await storage.candidateRefs(
                        appId: app.id, platform: "ios", key: key, since: Fixtures.date(-1_000), until: Fixtures.date(1_000), limit: limit
                    )
                }
                let together = try await storage.matchReads(request(keys, limit: limit))
                #expect(together.candidates == separately)
                #expect(
                    together.population
                        == (try await storage.population(appId: app.id, platform: "ios", fromDay: day, toDay: day, values: values)))
            }

            // A caller with some counts in memory asks for the rest: the total left out reads as 0,
            // and asking for nothing reads no population at all, with the candidates unchanged.
            var pairsOnly = request([prefix, signature])
            pairsOnly.values = [(factor: "timezone", value: "Europe/Lisbon")]
            pairsOnly.countsTotal = false
            let partial = try await storage.matchReads(pairsOnly)
            #expect(partial.population == ClickPopulation(clickCount: 0, counts: ["timezone": ["Europe/Lisbon": 5]]))
            #expect(partial.candidates == read.candidates)
            var nothing = pairsOnly
            nothing.values = []
            let none = try await storage.matchReads(nothing)
            #expect(none.population == ClickPopulation(clickCount: 0, counts: [:]))
            #expect(none.candidates == read.candidates)
            var totalOnly = nothing
            totalOnly.countsTotal = true
            #expect(try await storage.matchReads(totalOnly).population == ClickPopulation(clickCount: 7, counts: [:]))
            #expect(
                try await storage.population(appId: app.id, platform: "ios", fromDay: day, toDay: day, values: [], includingTotal: false)
                    == ClickPopulation(clickCount: 0, counts: [:]))
        }
    }
}
