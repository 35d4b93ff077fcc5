import Foundation
import Testing
@testable import LandfallKit

@Suite("Configuration validation (LinkForty SDK specification §11)")
struct ConfigurationTests {
    private func validate(_ configuration: LandfallConfiguration) -> LandfallError? {
        do {
            _ = try configuration.validated()
            return nil
        } catch {
            return error as? LandfallError
        }
    }

    @Test func anHTTPSBaseURLIsAccepted() {
        #expect(validate(LandfallConfiguration(baseURL: URL(string: "https://go.example.com")!)) == nil)
    }

    @Test func plainHTTPIsRefusedForARemoteHost() {
        let error = validate(LandfallConfiguration(baseURL: URL(string: "http://go.example.com")!))
        #expect(error?.code == .invalidConfiguration)
    }

    @Test(arguments: ["http://localhost:8080", "http://127.0.0.1:8080", "http://LOCALHOST"])
    func plainHTTPIsAllowedForLocalDevelopment(url: String) {
        #expect(validate(LandfallConfiguration(baseURL: URL(string: url)!)) == nil)
    }

    @Test(arguments: [0, -1, 2161])
    func anAttributionWindowOutsideOneTo2160HoursIsRefused(hours: Int) {
        let error = validate(LandfallConfiguration(baseURL: Harness.baseURL, attributionWindowHours: hours))
        #expect(error?.code == .invalidConfiguration)
    }

    @Test(arguments: [1, 168, 2160])
    func anAttributionWindowInsideTheBoundsIsAccepted(hours: Int) {
        #expect(validate(LandfallConfiguration(baseURL: Harness.baseURL, attributionWindowHours: hours)) == nil)
    }

    @Test func theBaseURLKeepsItsPathPrefixWithoutTheTrailingSlash() throws {
        let configuration = try LandfallConfiguration(baseURL: URL(string: "https://Example.COM/links/")!).validated()
        #expect(configuration.baseURL.absoluteString == "https://example.com/links")
    }

    @Test func aBaseURLWithAQueryIsRefused() {
        #expect(validate(LandfallConfiguration(baseURL: URL(string: "https://go.example.com/?a=1")!))?.code == .invalidConfiguration)
    }

    @Test func aRelativeBaseURLIsRefused() {
        #expect(validate(LandfallConfiguration(baseURL: URL(string: "go.example.com")!))?.code == .invalidConfiguration)
    }

    @Test func anEmptyAPIKeyIsRefused() {
        #expect(validate(LandfallConfiguration(baseURL: Harness.baseURL, apiKey: "  "))?.code == .invalidConfiguration)
    }

    @Test func aNonPositiveResolveTimeoutIsRefused() {
        #expect(validate(LandfallConfiguration(baseURL: Harness.baseURL, resolveTimeout: 0))?.code == .invalidConfiguration)
    }

    @Test func anExtraDomainWithAPathIsRefused() {
        #expect(
            validate(LandfallConfiguration(baseURL: Harness.baseURL, extraDomains: ["links.example.com/x"]))?.code == .invalidConfiguration)
    }

    @Test func extraDomainsAreLowerCased() throws {
        let configuration = try LandfallConfiguration(baseURL: Harness.baseURL, extraDomains: [" Links.Example.com "]).validated()
        #expect(configuration.extraDomains == ["links.example.com"])
    }

    @Test func aRetryPolicyWithoutAttemptsIsRefused() {
        let configuration = LandfallConfiguration(baseURL: Harness.baseURL, retryPolicy: RetryPolicy(maxAttempts: 0))
        #expect(validate(configuration)?.code == .invalidConfiguration)
    }

    @Test func startingWithAnInvalidConfigurationThrowsAndLeavesTheClientUnstarted() async {
        let harness = Harness()
        let client = harness.makeClient()
        let error = await landfallError {
            try await client.start(with: LandfallConfiguration(baseURL: URL(string: "http://go.example.com")!))
        }
        #expect(error?.code == .invalidConfiguration)
        #expect(await client.isStarted == false)
        #expect(await harness.transport.requests.isEmpty)
    }
}
