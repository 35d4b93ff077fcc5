import Foundation
@testable import LandfallServer
import Testing

@Suite("Webhook SSRF guard")
struct WebhookAddressGuardTests {
    static let strict = WebhookAddressPolicy(allowLoopback: false, allowPrivateNetworks: false)

    static func kind(_ host: String) async throws -> WebhookAddressPolicy.Kind {
        let addresses = try await WebhookAddressGuard.resolve(host)
        return WebhookAddressPolicy.kind(of: try #require(addresses.first).bytes)
    }

    @Test(arguments: [
        ("127.0.0.1", WebhookAddressPolicy.Kind.loopback), ("127.255.0.9", .loopback), ("::1", .loopback),
        ("10.1.2.3", .privateNetwork), ("172.16.0.1", .privateNetwork), ("172.31.255.255", .privateNetwork),
        ("192.168.1.1", .privateNetwork),
        ("fd00:ec2::254", .privateNetwork), ("fc00::1", .privateNetwork),
        ("169.254.169.254", .linkLocal), ("fe80::1", .linkLocal),
        ("100.64.0.1", .sharedAddressSpace), ("100.100.100.200", .sharedAddressSpace),
        ("224.0.0.1", .multicast), ("ff02::1", .multicast),
        ("0.0.0.0", .reserved), ("::", .reserved), ("255.255.255.255", .reserved), ("192.0.2.10", .reserved), ("2001:db8::1", .reserved),
        ("198.18.0.1", .reserved), ("192.0.0.192", .reserved),
        // Other spellings of internal addresses are judged by what they reach.
        ("::ffff:127.0.0.1", .loopback), ("::ffff:169.254.169.254", .linkLocal), ("64:ff9b::a9fe:a9fe", .linkLocal),
        ("2002:7f00:1::", .loopback), ("2130706433", .loopback), ("0x7f.1", .loopback), ("017700000001", .loopback),
        ("8.8.8.8", .publicAddress), ("172.32.0.1", .publicAddress), ("100.128.0.1", .publicAddress),
        ("2606:4700:4700::1111", .publicAddress),
    ])
    func addressesAreClassifiedByWhatTheyReach(_ host: String, _ expected: WebhookAddressPolicy.Kind) async throws {
        #expect(try await Self.kind(host) == expected)
    }

    @Test func theStrictPolicyAllowsOnlyPublicAddresses() {
        #expect(Self.strict.allows(.publicAddress))
        for kind in [WebhookAddressPolicy.Kind.loopback, .privateNetwork, .linkLocal, .sharedAddressSpace, .multicast, .reserved] {
            #expect(!Self.strict.allows(kind))
        }
        let development = WebhookAddressPolicy(allowLoopback: true, allowPrivateNetworks: true)
        #expect(development.allows(.loopback) && development.allows(.privateNetwork))
        #expect(!development.allows(.linkLocal) && !development.allows(.sharedAddressSpace))
    }

    @Test func aNameThatResolvesToLoopbackIsRefused() async throws {
        let refusal = await #expect(throws: WebhookAddressGuard.Refusal.self) {
            try await WebhookAddressGuard(policy: Self.strict).check(host: "localhost")
        }
        #expect(refusal?.description.contains("loopback") == true)
        let allowed = try await WebhookAddressGuard(policy: WebhookAddressPolicy(allowLoopback: true, allowPrivateNetworks: false)).check(
            host: "localhost")
        #expect(WebhookAddressPolicy.kind(of: allowed.bytes) == .loopback)
    }

    @Test func anUnresolvableHostIsRefused() async throws {
        await #expect(throws: WebhookAddressGuard.Refusal.self) {
            try await WebhookAddressGuard(policy: Self.strict).check(host: "no-such-host.invalid")
        }
    }

    @Test func theRetryDelayDoublesWithinItsJitterAndCap() {
        let policy = WebhookRetryPolicy(configuration: WebhookConfiguration(initialBackoff: 5, maximumBackoff: 3600))
        #expect(policy.delay(afterFailures: 1, random: 1) == 5)
        #expect(policy.delay(afterFailures: 2, random: 1) == 10)
        #expect(policy.delay(afterFailures: 4, random: 0.5) == 20)
        #expect(policy.delay(afterFailures: 30, random: 1) == 3600)
        for failures in 1...40 {
            let delay = policy.delay(afterFailures: failures)
            let full = min(3600, 5 * pow(2, Double(failures - 1)))
            #expect(delay >= full / 2 && delay <= full)
        }
        let start = Date(timeIntervalSince1970: 0)
        #expect(policy.next(afterFailures: 1, at: start, deadline: start) == .giveUp)
    }
}
