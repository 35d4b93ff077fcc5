import Foundation
import LandfallModels
import LandfallStore
import LandfallTestSupport
import SQLKit
import Testing

extension StorageContractTests {
    /// Inserts a human iOS click of `link` with both candidate keys set, and returns it.
    @discardableResult
    static func insertKeyedClick(
        _ storage: SQLStorage, link: LinkRecord, clickedAt: Date = Fixtures.date(), isBot: Bool = false
    ) async throws -> ClickRecord {
        var click = Fixtures.click(appId: link.appId, linkId: link.id, clickedAt: clickedAt)
        click.ipPrefix = "203.0.113"
        click.signature = "ios|1179x2556|Europe/Lisbon|pt-PT"
        click.matchEvidence = "evidence of \(click.id)"
        click.isBot = isBot
        try await storage.insertClicks([click])
        return click
    }

    /// Inserts an install of `appId` (consuming `clickId` when given) and returns it.
    @discardableResult
    static func insertInstall(
        _ storage: SQLStorage, appId: String, createdAt: Date = Fixtures.date(), method: InstallMethod = .organic,
        clickId: String? = nil, linkId: String? = nil
    ) async throws -> InstallRecord {
        let install = Fixtures.install(appId: appId, createdAt: createdAt, method: method, clickId: clickId, linkId: linkId)
        try await storage.insertInstall(install)
        return install
    }

    // MARK: Clicks by id and token

    @Test(arguments: TestEngine.allCases)
    func ipPrefixAndSignatureRoundTripThroughInsertClicks(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            let click = try await Self.insertKeyedClick(storage, link: link)
            let stored = try #require(try await storage.click(id: click.id, appId: app.id))
            #expect(stored == click)
            #expect(stored.ipPrefix == "203.0.113")
            #expect(stored.signature == "ios|1179x2556|Europe/Lisbon|pt-PT")
            #expect(stored.installId == nil)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func clickIsFoundByIdWithinItsAppOnly(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let other = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            let click = try await Self.insertKeyedClick(storage, link: link)
            #expect(try await storage.click(id: click.id, appId: app.id) == click)
            #expect(try await storage.click(id: click.id, appId: other.id) == nil)
            #expect(try await storage.click(id: "no-such-click", appId: app.id) == nil)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func clickByTokenIsFoundWithinItsAppOnly(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let other = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            let click = try await Self.insertKeyedClick(storage, link: link)
            #expect(try await storage.click(token: click.clickToken, appId: app.id) == click)
            #expect(try await storage.click(token: click.clickToken, appId: other.id) == nil)
            #expect(try await storage.click(token: "no-such-token", appId: app.id) == nil)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func clickByTokenSkipsBotClicks(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            let bot = try await Self.insertKeyedClick(storage, link: link, isBot: true)
            #expect(try await storage.click(token: bot.clickToken, appId: app.id) == nil)
            #expect(try await storage.click(id: bot.id, appId: app.id) == bot)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func clickByTokenSkipsConsumedClicks(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            let click = try await Self.insertKeyedClick(storage, link: link)
            try await Self.insertInstall(storage, appId: app.id, method: .deterministic, clickId: click.id, linkId: link.id)
            #expect(try await storage.click(token: click.clickToken, appId: app.id) == nil)
        }
    }

    // MARK: Candidates

    @Test(arguments: TestEngine.allCases, CandidateKey.allCases)
    func candidatesAreTheAppsClicksOnThePlatformWithTheKey(_ engine: TestEngine, _ key: CandidateKey) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let other = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            let otherLink = try await Self.insertLink(storage, appId: other.id)
            let match = key.stamped(Fixtures.click(appId: app.id, linkId: link.id), "wanted")
            try await storage.insertClicks([
                match,
                key.stamped(Fixtures.click(appId: other.id, linkId: otherLink.id), "wanted"),
                key.stamped(Fixtures.click(appId: app.id, linkId: link.id, platform: "android"), "wanted"),
                key.stamped(Fixtures.click(appId: app.id, linkId: link.id), "unwanted"),
                Fixtures.click(appId: app.id, linkId: link.id),
            ])
            let found = try await key.candidates(
                in: storage, appId: app.id, value: "wanted", since: Fixtures.date(-1_000), until: Fixtures.date(1_000)
            )
            #expect(found == [match])
        }
    }

    @Test(arguments: TestEngine.allCases, CandidateKey.allCases)
    func candidatesLieInTheClosedTimeRange(_ engine: TestEngine, _ key: CandidateKey) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            let clicks = [999, 1_000, 1_500, 2_000, 2_001].map { offset in
                key.stamped(Fixtures.click(appId: app.id, linkId: link.id, clickedAt: Fixtures.date(Int64(offset))), "wanted")
            }
            try await storage.insertClicks(clicks)
            let found = try await key.candidates(
                in: storage, appId: app.id, value: "wanted", since: Fixtures.date(1_000), until: Fixtures.date(2_000)
            )
            #expect(found == [clicks[3], clicks[2], clicks[1]])
        }
    }

    @Test(arguments: TestEngine.allCases, CandidateKey.allCases)
    func candidatesExcludeBotAndConsumedClicks(_ engine: TestEngine, _ key: CandidateKey) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            let human = key.stamped(Fixtures.click(appId: app.id, linkId: link.id), "wanted")
            var bot = key.stamped(Fixtures.click(appId: app.id, linkId: link.id), "wanted")
            bot.isBot = true
            let consumed = key.stamped(Fixtures.click(appId: app.id, linkId: link.id), "wanted")
            try await storage.insertClicks([human, bot, consumed])
            try await Self.insertInstall(storage, appId: app.id, method: .probabilistic, clickId: consumed.id, linkId: link.id)
            let found = try await key.candidates(
                in: storage, appId: app.id, value: "wanted", since: Fixtures.date(-1_000), until: Fixtures.date(1_000)
            )
            #expect(found == [human])
        }
    }

    @Test(arguments: TestEngine.allCases, CandidateKey.allCases)
    func candidatesAreNewestFirstUpToTheLimit(_ engine: TestEngine, _ key: CandidateKey) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            let clicks = (1...5).map { index in
                key.stamped(Fixtures.click(appId: app.id, linkId: link.id, clickedAt: Fixtures.date(Int64(index) * 100)), "wanted")
            }
            // Inserted out of order, so the order returned cannot come from insertion.
            try await storage.insertClicks([clicks[2], clicks[0], clicks[4], clicks[1], clicks[3]])
            let found = try await key.candidates(
                in: storage, appId: app.id, value: "wanted", since: Fixtures.date(0), until: Fixtures.date(1_000), limit: 3
            )
            #expect(found == [clicks[4], clicks[3], clicks[2]])
        }
    }

    @Test(arguments: TestEngine.allCases)
    func setMatchingKeysMakesAClickACandidateBySignatureWithItsEvidence(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            var click = Fixtures.click(appId: app.id, linkId: link.id)
            try await storage.insertClicks([click])
            let signature = "ios|1179x2556|Europe/Lisbon|pt-PT"
            try await storage.setMatchingKeys(signature: signature, matchEvidence: "after the beacon", clickId: click.id)
            click.signature = signature
            click.matchEvidence = "after the beacon"
            let found = try await CandidateKey.signature.candidates(
                in: storage, appId: app.id, value: signature, since: Fixtures.date(-1_000), until: Fixtures.date(1_000)
            )
            #expect(found == [click])
            let refs = try await storage.candidateRefs(
                appId: app.id, platform: click.platform, key: .signature(signature), since: Fixtures.date(-1_000),
                until: Fixtures.date(1_000), limit: 10
            )
            #expect(refs.map(\.matchEvidence) == ["after the beacon"])
        }
    }

    @Test(arguments: TestEngine.allCases)
    func setMatchingKeysToNilWithdrawsTheClickFromSignatureCandidates(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            let click = try await Self.insertKeyedClick(storage, link: link)
            try await storage.setMatchingKeys(signature: nil, matchEvidence: nil, clickId: click.id)
            let found = try await CandidateKey.signature.candidates(
                in: storage, appId: app.id, value: try #require(click.signature), since: Fixtures.date(-1_000), until: Fixtures.date(1_000)
            )
            #expect(found.isEmpty)
            #expect(try await storage.click(id: click.id, appId: app.id)?.signature == nil)
        }
    }

    // MARK: Statistics

    /// The statistics service's page: settled human redirect clicks in the range, oldest first, at
    /// most `limit`, every field as stored; bots and posted clicks (counted when stored) left out.
    @Test(arguments: TestEngine.allCases)
    func settledClicksArePagedInTimeOrderWithEveryField(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            func click(at offset: Int64) -> ClickRecord {
                var click = Fixtures.click(appId: app.id, linkId: link.id, clickedAt: Fixtures.date(offset))
                click.ipAddress = "203.0.113.\(offset % 200)"
                click.userAgent = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X)"
                click.osVersion = "18.1"
                click.acceptLanguage = "pt-PT,pt;q=0.9"
                click.signals = ClickSignals(
                    screenWidth: 1179, screenHeight: 2556, timezone: "Europe/Lisbon", language: "pt-PT", platformVersion: "18.1.1",
                    deviceModel: "iPhone15,2")
                click.ipPrefix = "203.0.113"
                click.signature = "ios|1179x2556|Europe/Lisbon|pt-PT"
                click.matchEvidence = "evidence \(offset)"
                return click
            }
            let before = click(at: 0)
            let inRange = [click(at: 30), click(at: 10), click(at: 20), click(at: 40)]
            var bot = click(at: 15)
            bot.isBot = true
            bot.botName = "Googlebot"
            let after = click(at: 60)
            try await storage.insertClicks([before, bot, after] + inRange)
            var posted = click(at: 25)
            posted.receivedAt = Fixtures.date(70)
            _ = try await storage.insertNewClicks([posted])

            let page = try await storage.clicks(after: Fixtures.date(0), upTo: Fixtures.date(50), limit: 3)
            #expect(page == [inRange[1], inRange[2], inRange[0]])
            let rest = try await storage.clicks(after: Fixtures.date(30), upTo: Fixtures.date(50), limit: 3)
            #expect(rest == [inRange[3]])
        }
    }

    @Test(arguments: TestEngine.allCases)
    func firstRecordingFromZeroCreatesTheWatermark(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            #expect(try await storage.statisticsWatermark() == nil)
            #expect(try await storage.recordStatistics([Self.total(app.id, clicks: 3)], watermarkFrom: 0, to: 1_000))
            #expect(try await storage.statisticsWatermark() == 1_000)
            #expect(try await Self.population(storage, app.id).clickCount == 3)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func recordingFromTheCurrentWatermarkAdvancesIt(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ async throws in
            #expect(try await storage.recordStatistics([], watermarkFrom: 0, to: 1_000))
            #expect(try await storage.recordStatistics([], watermarkFrom: 1_000, to: 2_500))
            #expect(try await storage.statisticsWatermark() == 2_500)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func recordingAddsToTheCountsAlreadyThere(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let lisbon = Self.delta(app.id, factor: "timezone", value: "Europe/Lisbon", clicks: 2)
            #expect(try await storage.recordStatistics([Self.total(app.id, clicks: 2), lisbon], watermarkFrom: 0, to: 1_000))
            #expect(try await storage.recordStatistics([Self.total(app.id, clicks: 5), lisbon], watermarkFrom: 1_000, to: 2_000))
            let population = try await Self.population(storage, app.id, values: [(factor: "timezone", value: "Europe/Lisbon")])
            #expect(population == ClickPopulation(clickCount: 7, counts: ["timezone": ["Europe/Lisbon": 4]]))
        }
    }

    @Test(arguments: TestEngine.allCases)
    func recordingFromAStaleWatermarkChangesNothing(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            #expect(try await storage.recordStatistics([Self.total(app.id, clicks: 3)], watermarkFrom: 0, to: 1_000))
            #expect(try await storage.recordStatistics([Self.total(app.id, clicks: 40)], watermarkFrom: 0, to: 2_000) == false)
            #expect(try await storage.statisticsWatermark() == 1_000)
            #expect(try await Self.population(storage, app.id).clickCount == 3)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func recordingFromAWatermarkNeverSetChangesNothing(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            #expect(try await storage.recordStatistics([Self.total(app.id, clicks: 3)], watermarkFrom: 1_000, to: 2_000) == false)
            #expect(try await storage.statisticsWatermark() == nil)
            #expect(try await Self.population(storage, app.id).clickCount == 0)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func concurrentFirstRecordingsFromZeroHaveExactlyOneWinner(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let winners = try await Self.recordConcurrently(storage, appId: app.id, from: 0)
            let winner = try #require(winners.only)
            #expect(try await storage.statisticsWatermark() == winner)
            #expect(try await Self.population(storage, app.id).clickCount == 1)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func concurrentRecordingsFromOneWatermarkHaveExactlyOneWinner(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            #expect(try await storage.recordStatistics([], watermarkFrom: 0, to: 1_000))
            let winners = try await Self.recordConcurrently(storage, appId: app.id, from: 1_000)
            let winner = try #require(winners.only)
            #expect(try await storage.statisticsWatermark() == winner)
            #expect(try await Self.population(storage, app.id).clickCount == 1)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func populationSumsTotalsAndValuesOverTheDayRange(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            var deltas: [ClickStatDelta] = []
            for (day, clicks) in [(Self.day - 1, 100), (Self.day, 3), (Self.day + 1, 4), (Self.day + 2, 200)] {
                deltas.append(Self.total(app.id, day: day, clicks: clicks))
                deltas.append(Self.delta(app.id, day: day, factor: "timezone", value: "Europe/Lisbon", clicks: clicks - 1))
                deltas.append(Self.delta(app.id, day: day, factor: "language", value: "pt-PT", clicks: 1))
            }
            #expect(try await storage.recordStatistics(deltas, watermarkFrom: 0, to: 1_000))
            let population = try await storage.population(
                appId: app.id, platform: "ios", fromDay: Self.day, toDay: Self.day + 1,
                values: [(factor: "timezone", value: "Europe/Lisbon"), (factor: "language", value: "pt-PT")]
            )
            #expect(population.clickCount == 7)
            #expect(population.counts["timezone"]?["Europe/Lisbon"] == 5)
            #expect(population.counts["language"]?["pt-PT"] == 2)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func populationOfAValueNeverSeenIsZero(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            #expect(try await storage.recordStatistics([Self.total(app.id, clicks: 3)], watermarkFrom: 0, to: 1_000))
            let population = try await Self.population(storage, app.id, values: [(factor: "timezone", value: "Asia/Tokyo")])
            #expect(population.clickCount == 3)
            #expect(population.counts["timezone"]?["Asia/Tokyo", default: 0] == 0)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func populationCountsOnlyThatAppAndPlatform(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let other = try await Self.insertApp(storage)
            let deltas = [
                Self.total(app.id, clicks: 3),
                Self.delta(app.id, factor: "timezone", value: "Europe/Lisbon", clicks: 2),
                Self.total(other.id, clicks: 50),
                Self.delta(other.id, factor: "timezone", value: "Europe/Lisbon", clicks: 50),
                Self.total(app.id, platform: "android", clicks: 70),
                Self.delta(app.id, platform: "android", factor: "timezone", value: "Europe/Lisbon", clicks: 70),
            ]
            #expect(try await storage.recordStatistics(deltas, watermarkFrom: 0, to: 1_000))
            let population = try await Self.population(storage, app.id, values: [(factor: "timezone", value: "Europe/Lisbon")])
            #expect(population == ClickPopulation(clickCount: 3, counts: ["timezone": ["Europe/Lisbon": 2]]))
        }
    }

    // MARK: Clicks for the statistics service

    @Test(arguments: TestEngine.allCases)
    func clicksAfterUpToAreHumanClicksOfEveryAppInTheHalfOpenRangeOldestFirst(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let other = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            let otherLink = try await Self.insertLink(storage, appId: other.id)
            let clicks = [1_000, 1_001, 1_500, 2_000, 2_001].map { offset in
                Fixtures.click(appId: app.id, linkId: link.id, clickedAt: Fixtures.date(Int64(offset)))
            }
            let othersClick = Fixtures.click(appId: other.id, linkId: otherLink.id, clickedAt: Fixtures.date(1_700))
            var bot = Fixtures.click(appId: app.id, linkId: link.id, clickedAt: Fixtures.date(1_600))
            bot.isBot = true
            try await storage.insertClicks([clicks[3], bot, clicks[0], othersClick, clicks[4], clicks[2], clicks[1]])
            let found = try await storage.clicks(after: Fixtures.date(1_000), upTo: Fixtures.date(2_000), limit: 100)
            #expect(found == [clicks[1], clicks[2], othersClick, clicks[3]])
        }
    }

    @Test(arguments: TestEngine.allCases)
    func clicksAfterUpToIncludeConsumedClicks(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            var click = try await Self.insertKeyedClick(storage, link: link)
            let install = try await Self.insertInstall(storage, appId: app.id, method: .deterministic, clickId: click.id, linkId: link.id)
            click.installId = install.id
            #expect(try await storage.clicks(after: Fixtures.date(-1), upTo: Fixtures.date(0), limit: 100) == [click])
        }
    }

    @Test(arguments: TestEngine.allCases)
    func clicksAfterUpToStopAtTheLimit(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            let clicks = (1...5).map { index in
                Fixtures.click(appId: app.id, linkId: link.id, clickedAt: Fixtures.date(Int64(index) * 10))
            }
            try await storage.insertClicks(clicks.reversed())
            let found = try await storage.clicks(after: Fixtures.date(0), upTo: Fixtures.date(100), limit: 2)
            #expect(found == [clicks[0], clicks[1]])
        }
    }

    // MARK: Installs

    @Test(arguments: TestEngine.allCases)
    func insertedInstallIsReadableByIdWithinItsApp(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let other = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            let click = try await Self.insertKeyedClick(storage, link: link)
            let install = Fixtures.install(
                appId: app.id, createdAt: Fixtures.date(5_000), method: .probabilistic, confidence: 87,
                matchedFactors: ["ipPrefix", "timezone", "screen"], clickId: click.id, linkId: link.id
            )
            try await storage.insertInstall(install)
            let stored = try #require(try await storage.install(id: install.id))
            #expect(stored == install)
            #expect(stored.fingerprint == Fixtures.fullFingerprint)
            #expect(stored.matchedFactors == ["ipPrefix", "timezone", "screen"])
            #expect(try await storage.install(id: install.id, appId: app.id) == install)
            #expect(try await storage.install(id: install.id, appId: other.id) == nil)
            #expect(try await storage.install(id: "no-such-install") == nil)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func everyInstallMethodRoundTripsAsItsRawValue(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, provider in
            let app = try await Self.insertApp(storage)
            for method in InstallMethod.allCases {
                let install = try await Self.insertInstall(storage, appId: app.id, method: method)
                #expect(try await storage.install(id: install.id)?.method == method)
                let column = try await provider.read { database in
                    try await database.raw("SELECT method FROM installs WHERE id = \(bind: install.id)").first()?
                        .decode(column: "method", as: String.self)
                }
                #expect(column == method.rawValue)
            }
        }
    }

    @Test(arguments: TestEngine.allCases)
    func anInstallMethodTheBuildDoesNotKnowIsACorruptRecord(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, provider in
            let app = try await Self.insertApp(storage)
            let install = try await Self.insertInstall(storage, appId: app.id)
            try await provider.write { database in
                try await database.raw("UPDATE installs SET method = 'telepathic' WHERE id = \(bind: install.id)").run()
            }
            do {
                _ = try await storage.install(id: install.id)
                Issue.record("an unknown method decoded")
            } catch let error as StoreError {
                #expect(error == .corruptRecord("install \(install.id): unknown method 'telepathic'"))
            }
        }
    }

    @Test(arguments: TestEngine.allCases)
    func installIsFoundByDedupKeyWithinItsApp(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let other = try await Self.insertApp(storage)
            let install = try await Self.insertInstall(storage, appId: app.id)
            #expect(try await storage.install(dedupKey: install.dedupKey, appId: app.id) == install)
            #expect(try await storage.install(dedupKey: install.dedupKey, appId: other.id) == nil)
            #expect(try await storage.install(dedupKey: "no-such-key", appId: app.id) == nil)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func installNamingAClickConsumesIt(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            let click = try await Self.insertKeyedClick(storage, link: link)
            let install = try await Self.insertInstall(storage, appId: app.id, method: .deterministic, clickId: click.id, linkId: link.id)
            #expect(try await storage.click(id: click.id, appId: app.id)?.installId == install.id)
            let candidates = try await CandidateKey.ipPrefix.candidates(
                in: storage, appId: app.id, value: try #require(click.ipPrefix), since: Fixtures.date(-1_000), until: Fixtures.date(1_000)
            )
            #expect(candidates.isEmpty)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func secondInstallNamingAConsumedClickConflictsOnClickAndStoresNothing(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            let click = try await Self.insertKeyedClick(storage, link: link)
            let first = try await Self.insertInstall(storage, appId: app.id, method: .deterministic, clickId: click.id, linkId: link.id)
            let second = Fixtures.install(appId: app.id, method: .probabilistic, clickId: click.id, linkId: link.id)
            let error = try await #require(throws: StoreError.self) { try await storage.insertInstall(second) }
            #expect(error.conflictingField == "click")
            #expect(try await storage.install(id: second.id) == nil)
            #expect(try await storage.install(dedupKey: second.dedupKey, appId: app.id) == nil)
            #expect(try await storage.click(id: click.id, appId: app.id)?.installId == first.id)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func concurrentInstallsNamingOneClickHaveExactlyOneWinner(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            let click = try await Self.insertKeyedClick(storage, link: link)
            let installs = (0..<5).map { _ in
                Fixtures.install(appId: app.id, method: .probabilistic, clickId: click.id, linkId: link.id)
            }
            let conflicts = try await withThrowingTaskGroup(of: String?.self) { group in
                for install in installs {
                    group.addTask {
                        do {
                            try await storage.insertInstall(install)
                            return nil
                        } catch let error as StoreError {
                            return error.conflictingField
                        }
                    }
                }
                return try await group.reduce(into: [String?]()) { $0.append($1) }
            }
            #expect(conflicts.sorted { ($0 ?? "") < ($1 ?? "") } == [nil, "click", "click", "click", "click"])
            let consumer = try #require(try await storage.click(id: click.id, appId: app.id)?.installId)
            #expect(try await storage.install(id: consumer)?.clickId == click.id)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func duplicateDedupKeyConflictsOnDedupKeyAndLeavesTheClickUnconsumed(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            let click = try await Self.insertKeyedClick(storage, link: link)
            let first = try await Self.insertInstall(storage, appId: app.id)
            // A retried report: the same device, now matched to a click.
            let retry = Fixtures.install(
                appId: app.id, dedupKey: first.dedupKey, method: .probabilistic, clickId: click.id, linkId: link.id)
            let error = try await #require(throws: StoreError.self) { try await storage.insertInstall(retry) }
            #expect(error.conflictingField == "dedupKey")
            #expect(try await storage.install(id: retry.id) == nil)
            #expect(try await storage.install(dedupKey: first.dedupKey, appId: app.id) == first)
            #expect(try await storage.click(id: click.id, appId: app.id)?.installId == nil)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func sameDedupKeyInAnotherAppIsAnotherInstall(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let other = try await Self.insertApp(storage)
            let first = try await Self.insertInstall(storage, appId: app.id)
            let second = Fixtures.install(appId: other.id, dedupKey: first.dedupKey)
            try await storage.insertInstall(second)
            #expect(try await storage.install(dedupKey: first.dedupKey, appId: app.id) == first)
            #expect(try await storage.install(dedupKey: first.dedupKey, appId: other.id) == second)
        }
    }

    // MARK: App opens

    @Test(arguments: TestEngine.allCases)
    func insertedAppOpenIsCountedForItsAppAndLink(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await Self.insertApp(storage)
            let link = try await Self.insertLink(storage, appId: app.id)
            let otherLink = try await Self.insertLink(storage, appId: app.id)
            try await storage.insertAppOpen(Fixtures.appOpen(appId: app.id, linkId: link.id))
            let (from, to) = (Fixtures.date(0), Fixtures.date(1))
            #expect(try await storage.analytics(appId: app.id, linkId: nil, from: from, to: to) == AnalyticsSummary(appOpens: 1))
            #expect(try await storage.analytics(appId: app.id, linkId: link.id, from: from, to: to) == AnalyticsSummary(appOpens: 1))
            #expect(try await storage.analytics(appId: app.id, linkId: otherLink.id, from: from, to: to) == AnalyticsSummary())
        }
    }

    // MARK: Deleting an app

    @Test(arguments: TestEngine.allCases)
    func deleteAppRemovesItsInstallsEventsAndAppOpens(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let doomed = try await AttributedApp.insert(into: storage)
            let survivor = try await AttributedApp.insert(into: storage)

            #expect(try await storage.deleteApp(id: doomed.app.id))

            #expect(try await storage.install(id: doomed.install.id) == nil)
            #expect(try await storage.install(dedupKey: doomed.install.dedupKey, appId: doomed.app.id) == nil)
            #expect(try await storage.events(installId: doomed.install.id).isEmpty)
            #expect(try await storage.click(id: doomed.click.id, appId: doomed.app.id) == nil)
            #expect(
                try await storage.analytics(appId: doomed.app.id, linkId: nil, from: Fixtures.date(0), to: Fixtures.date(1))
                    == AnalyticsSummary())
            try await survivor.expectIntact(in: storage)
        }
    }

    @Test(arguments: TestEngine.allCases)
    func deleteAppRemovesItsClickStatistics(_ engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let doomed = try await Self.insertApp(storage)
            let survivor = try await Self.insertApp(storage)
            let deltas = [Self.total(doomed.id, clicks: 3), Self.total(survivor.id, clicks: 4)]
            #expect(try await storage.recordStatistics(deltas, watermarkFrom: 0, to: 1_000))

            #expect(try await storage.deleteApp(id: doomed.id))

            #expect(try await Self.population(storage, doomed.id).clickCount == 0)
            #expect(try await Self.population(storage, survivor.id).clickCount == 4)
        }
    }
}

/// The two keys candidates are fetched by; every candidate test runs on both.
enum CandidateKey: String, CaseIterable, Sendable {
    case ipPrefix
    case signature

    /// `click` carrying `value` under this key.
    func stamped(_ click: ClickRecord, _ value: String) -> ClickRecord {
        var click = click
        switch self {
        case .ipPrefix: click.ipPrefix = value
        case .signature: click.signature = value
        }
        return click
    }

    /// The iOS candidates of `appId` with `value` under this key.
    func candidates(
        in storage: SQLStorage, appId: String, value: String, since: Date, until: Date, limit: Int = 50
    ) async throws -> [ClickRecord] {
        switch self {
        case .ipPrefix:
            try await storage.candidates(appId: appId, platform: "ios", ipPrefix: value, since: since, until: until, limit: limit)
        case .signature:
            try await storage.candidates(appId: appId, platform: "ios", signature: value, since: since, until: until, limit: limit)
        }
    }
}

extension StorageContractTests {
    /// The day (since 1970, UTC) of `Fixtures.epoch`.
    private static let day: Int64 = Fixtures.epoch / 86_400_000

    private static func delta(
        _ appId: String, platform: String = "ios", day: Int64 = day, factor: String?, value: String?, clicks: Int
    ) -> ClickStatDelta {
        ClickStatDelta(appId: appId, platform: platform, day: day, factor: factor, value: value, clicks: clicks)
    }

    /// A day's total clicks.
    private static func total(_ appId: String, platform: String = "ios", day: Int64 = day, clicks: Int) -> ClickStatDelta {
        delta(appId, platform: platform, day: day, factor: nil, value: nil, clicks: clicks)
    }

    /// The iOS population of `appId` on ``day``.
    private static func population(
        _ storage: SQLStorage, _ appId: String, values: [(factor: String, value: String)] = []
    ) async throws -> ClickPopulation {
        try await storage.population(appId: appId, platform: "ios", fromDay: day, toDay: day, values: values)
    }

    /// Five servers record one click each from `expected` at once, each to its own watermark;
    /// returns the watermarks of those whose compare-and-set succeeded.
    private static func recordConcurrently(_ storage: SQLStorage, appId: String, from expected: Int64) async throws -> [Int64] {
        try await withThrowingTaskGroup(of: Int64?.self) { group in
            for index in 1...5 {
                let to = expected + Int64(index) * 1_000
                group.addTask {
                    try await storage.recordStatistics([total(appId, clicks: 1)], watermarkFrom: expected, to: to) ? to : nil
                }
            }
            return try await group.reduce(into: [Int64]()) { winners, winner in
                if let winner { winners.append(winner) }
            }
        }
    }
}

private extension Array {
    /// The single element, or nil when there are none or several.
    var only: Element? { count == 1 ? first : nil }
}

/// An app with a link, a consumed click, an install, an event and an app open, to check what a
/// delete removes and what it keeps.
private struct AttributedApp {
    var app: AppRecord
    var click: ClickRecord
    var install: InstallRecord
    var event: EventRecord

    static func insert(into storage: SQLStorage) async throws -> AttributedApp {
        let app = Fixtures.app()
        try await storage.insertApp(app)
        let link = Fixtures.link(appId: app.id)
        try await storage.insertLink(link)
        var click = Fixtures.click(appId: app.id, linkId: link.id)
        try await storage.insertClicks([click])
        let install = Fixtures.install(appId: app.id, method: .deterministic, clickId: click.id, linkId: link.id)
        try await storage.insertInstall(install)
        click.installId = install.id
        let event = Fixtures.event(appId: app.id, installId: install.id, linkId: link.id)
        _ = try await storage.insertEvent(event)
        try await storage.insertAppOpen(Fixtures.appOpen(appId: app.id, linkId: link.id))
        return AttributedApp(app: app, click: click, install: install, event: event)
    }

    func expectIntact(in storage: SQLStorage) async throws {
        #expect(try await storage.install(id: install.id) == install)
        #expect(try await storage.events(installId: install.id) == [event])
        #expect(try await storage.click(id: click.id, appId: app.id) == click)
        let summary = try await storage.analytics(appId: app.id, linkId: nil, from: Fixtures.date(0), to: Fixtures.date(1))
        #expect(
            summary
                == AnalyticsSummary(
                    humanClicks: 1, appOpens: 1, installsByMethod: ["deterministic": 1], eventsByName: ["purchase": 1]
                ))
    }
}
