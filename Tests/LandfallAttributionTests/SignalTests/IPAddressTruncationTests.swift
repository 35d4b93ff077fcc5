import LandfallAttribution
import Testing

@Suite("IP address truncation")
struct IPAddressTruncationTests {
    @Test(arguments: [
        ("203.0.113.9", "203.0.113.0/24"),
        ("203.0.113.255:443", "203.0.113.0/24"),
        ("10.1.2.3", "10.1.2.0/24"),
        ("2001:db8:1:2:3:4:5:6", "2001:db8:1::/48"),
        ("2001:DB8:ABCD:12::9", "2001:db8:abcd::/48"),
        ("[2001:db8:1:2::9]:443", "2001:db8:1::/48"),
        ("fe80::1%eth0", "fe80::/48"),
        ("::1", "::/48"),
    ])
    func addressesBecomeTheirNetwork(address: String, network: String) {
        #expect(IPAddressTruncation.network(of: address) == network)
    }

    @Test(arguments: [
        ("::ffff:203.0.113.9", "203.0.113.0/24"),
        ("::FFFF:cb00:7109", "203.0.113.0/24"),
        ("[::ffff:198.51.100.200]:80", "198.51.100.0/24"),
    ])
    func ipv4MappedAddressesBecomeTheirIPv4Network(address: String, network: String) {
        #expect(IPAddressTruncation.network(of: address) == network)
    }

    @Test(arguments: [
        ("2001:db8:1:2::/64", "2001:db8:1::/48"),
        ("203.0.113.0/24", "203.0.113.0/24"),
        ("2001:db8::/32", "2001:db8::/32"),
        ("198.51.0.0/16", "198.51.0.0/16"),
    ])
    func networksNarrowerThanTheRetainedOneWidenAndWiderOnesStay(network: String, kept: String) {
        #expect(IPAddressTruncation.network(of: network) == kept)
    }

    @Test(arguments: ["203.0.113.9", "2001:db8:1:2::9", "::ffff:203.0.113.9", "2001:db8:1:2::/64"])
    func truncatingTwiceChangesNothing(address: String) throws {
        let once = try #require(IPAddressTruncation.network(of: address))
        #expect(IPAddressTruncation.network(of: once) == once)
        #expect(once.contains("/"))
    }

    @Test(arguments: ["", "garbage", "203.0.113", "1.2.3.4/x", "/24", "2001:db8::1::2", String(repeating: "1", count: 500)])
    func textThatIsNoAddressHasNoNetwork(text: String) {
        #expect(IPAddressTruncation.network(of: text) == nil)
    }
}
