import Foundation
import LandfallKit
import LandfallStore
import Testing

/// A link opened in the app (a Universal Link on the server's host) is resolved by the live server,
/// and delivered from the URL itself when the server is gone or hangs.
@Suite("Direct deep links against a live server")
struct DirectDeepLinkTests {
    @Test func anOpenedLinkIsResolvedWithTheServersDataAndCountedAsAnAppOpen() async throws {
        try await LiveServer.run { server in
            let mealtime = try await server.setUpMealtime()
            let client = try AppSandbox(beside: server.database, phone: .iPhone).launch()
            try await client.start(with: server.configuration(apiKey: mealtime.publishableKey))
            let listened = await client.collectDeepLinks()
            let url = server.baseURL.appendingPathComponent(Mealtime.shortCode)

            let event = try #require(try await client.handle(url: url))

            #expect(event.source == .server)
            #expect(!event.isDeferred)
            #expect(event.originalURL == url)
            let data = try #require(event.data)
            #expect(data.shortCode == Mealtime.shortCode)
            #expect(data.linkId == mealtime.linkId)
            #expect(data.customParameters == Mealtime.linkParameters)
            #expect(data.deepLinkPath == Mealtime.deepLinkPath)
            #expect(data.utmParameters == UTMParameters(source: "newsletter", campaign: "spring"))
            #expect(listened.received.last == event)
            let opens = try await server.storage.analytics(
                appId: mealtime.appId, linkId: mealtime.linkId, from: .distantPast, to: Date().addingTimeInterval(3600)
            ).appOpens
            #expect(opens == 1)
        }
    }

    @Test func aLinkOpenedWhileTheServerIsDownIsParsedOnTheDeviceWithinTheResolveTimeout() async throws {
        let database = try await LiveServer.freshDatabase()
        let resolveTimeout: TimeInterval = 2
        let (client, url) = try await LiveServer.run(database: database) { server in
            let mealtime = try await server.setUpMealtime()
            let client = try AppSandbox(beside: database, phone: .iPhone).launch()
            try await client.start(with: server.configuration(apiKey: mealtime.publishableKey, resolveTimeout: resolveTimeout))
            let url = try #require(URL(string: "\(server.baseURL.absoluteString)/\(Mealtime.shortCode)?recipe=7&utm_source=sms"))
            return (client, url)
        }
        let errors = await client.collectErrors()

        let (delivered, seconds) = try await measured { try await client.handle(url: url) }

        let event = try #require(delivered)
        #expect(seconds < resolveTimeout)
        #expect(event.source == .localParsing)
        #expect(event.originalURL == url)
        #expect(event.data?.shortCode == Mealtime.shortCode)
        #expect(event.data?.customParameters == ["recipe": "7"])
        #expect(event.data?.utmParameters == UTMParameters(source: "sms"))
        #expect(event.data?.linkId == nil)
        #expect(errors.received.map(\.code) == [.network])
    }

    @Test func aLinkWhoseServerDoesNotAnswerIsParsedOnTheDeviceAfterTheResolveTimeout() async throws {
        let database = try await LiveServer.freshDatabase()
        let listener = try SilentListener()
        let resolveTimeout: TimeInterval = 1.5
        let baseURL = try #require(URL(string: "http://127.0.0.1:\(listener.port)"))
        let client = try AppSandbox(beside: database, phone: .iPhone).launch()
        // Manual mode: starting sends nothing, so only the link waits on the silent server.
        try await client.start(with: .mealtime(baseURL: baseURL, apiKey: "lf_pk_unused", deferred: false, resolveTimeout: resolveTimeout))
        let errors = await client.collectErrors()

        let (delivered, seconds) = try await measured {
            try await client.handle(url: baseURL.appendingPathComponent(Mealtime.shortCode))
        }

        let event = try #require(delivered)
        #expect(event.source == .localParsing)
        #expect(event.data?.shortCode == Mealtime.shortCode)
        #expect(seconds >= resolveTimeout * 0.9)
        // Well under the 10-second request timeout: the resolve timeout cut the wait short (the bound
        // leaves room for a machine busy with the rest of the suite).
        #expect(seconds < resolveTimeout + 6)
        #expect(errors.received.count == 1)
        #expect(errors.received.allSatisfy { $0.isTransient })
        withExtendedLifetime(listener) {}
    }
}
