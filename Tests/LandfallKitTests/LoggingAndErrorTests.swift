import Foundation
import Testing
@testable import LandfallKit

@Suite("Logging and typed errors (LinkForty SDK specification §12)")
struct LoggingAndErrorTests {
    @Test func loggingOnSendsLinesToTheInjectedLogger() async throws {
        let harness = Harness()
        _ = try await harness.startedClient()
        #expect(harness.logger.messages.contains("started"))
        #expect(harness.logger.messages.contains("organic install"))
    }

    @Test func loggingOffIsSilent() async throws {
        let harness = Harness()
        _ = try await harness.startedClient(configuration: Harness.configuration { $0.loggingEnabled = false })
        #expect(harness.logger.messages.isEmpty)
    }

    @Test func logLinesKeepDataInMetadata() async throws {
        let harness = Harness()
        _ = try await harness.startedClient(install: Harness.attributed)
        let line = try #require(harness.logger.lines.current.first { $0.message == "install attributed" })
        #expect(line.metadata["installId"] == "I1")
    }

    @Test func thePrintLoggerFormatsMetadataAsSortedPairs() {
        let line = PrintLogger.format(.warning, "event queue full", metadata: ["b": "2", "a": "1"])
        #expect(line == "[LandfallKit] warning: event queue full a=1 b=2")
    }

    @Test func aDoubleStartIsLoggedAsAWarning() async throws {
        let harness = Harness()
        let client = try await harness.startedClient()
        _ = await landfallError { try await client.start(with: Harness.configuration()) }
        #expect(harness.logger.lines.current.contains { $0.level == .warning })
    }

    @Test func networkTimeoutAndBusyServerErrorsAreTransient() {
        #expect(LandfallError(.network, "x").isTransient)
        #expect(LandfallError(.timeout, "x").isTransient)
        #expect(LandfallError(.server, "x", statusCode: 503).isTransient)
        #expect(LandfallError(.server, "x", statusCode: 400).isTransient == false)
        #expect(LandfallError(.missingAPIKey, "x").isTransient == false)
    }

    @Test func anErrorDescribesItsCodeAndStatus() {
        let error = LandfallError(.server, "no such link", statusCode: 404, serverCode: "link_not_found")
        #expect(error.description == "LandfallError.server: no such link (HTTP 404, link_not_found)")
    }

    @Test func aServerErrorWithoutAJSONBodyStillCarriesItsStatus() async throws {
        let harness = Harness()
        let client = try await harness.startedClient()
        await harness.transport.on("POST", "/api/sdk/v1/links", .raw(502, "Bad Gateway"))
        let error = await landfallError { try await client.createLink() }
        #expect(error?.statusCode == 502)
        #expect(error?.serverCode == nil)
    }
}
