import LandfallAttribution
import Testing

@Suite("IP address prefixes")
struct IPAddressPrefixTests {
    @Test(
        "A public IPv4 address yields its /24",
        arguments: [
            ("203.0.113.9", "203.0.113.0/24"),
            ("8.8.8.8", "8.8.8.0/24"),
            ("1.1.1.1", "1.1.1.0/24"),
            ("  198.51.100.200\t", "198.51.100.0/24"),
            ("203.0.113.9:51234", "203.0.113.0/24"),
        ])
    func publicIPv4(_ address: String, _ prefix: String) {
        #expect(IPAddressPrefix.prefix(of: address) == prefix)
    }

    @Test(
        "Carrier-grade NAT spans exactly 100.64.0.0 to 100.127.255.255",
        arguments: [
            ("100.64.0.0", IPAddressClass.carrierGradeNAT),
            ("100.64.1.1", .carrierGradeNAT),
            ("100.127.255.255", .carrierGradeNAT),
            ("100.63.255.255", .public),
            ("100.128.0.1", .public),
        ])
    func carrierGradeNATBoundaries(_ address: String, _ expected: IPAddressClass) {
        #expect(IPAddressPrefix.classify(address) == expected)
    }

    @Test(
        "Neighbours of the private ranges are public",
        arguments: [
            ("172.15.255.255", "172.15.255.0/24"),
            ("172.32.0.1", "172.32.0.0/24"),
            ("11.0.0.1", "11.0.0.0/24"),
            ("192.169.0.1", "192.169.0.0/24"),
            ("169.253.1.1", "169.253.1.0/24"),
        ])
    func nearPrivateRangesArePublic(_ address: String, _ prefix: String) {
        #expect(IPAddressPrefix.prefix(of: address) == prefix)
    }

    @Test(
        "Addresses that do not identify a network are classified and have no prefix",
        arguments: [
            ("100.64.1.1", IPAddressClass.carrierGradeNAT),
            ("10.1.2.3", .privateNetwork),
            ("172.16.0.1", .privateNetwork),
            ("172.31.255.255", .privateNetwork),
            ("192.168.1.20", .privateNetwork),
            ("127.0.0.1", .loopback),
            ("127.255.0.1", .loopback),
            ("169.254.10.1", .linkLocal),
            ("0.0.0.0", .unspecified),
            ("224.0.0.251", .multicast),
            ("239.255.255.250", .multicast),
            ("255.255.255.255", .reserved),
            ("::", .unspecified),
            ("::1", .loopback),
            ("[::1]:8080", .loopback),
            ("fe80::1%eth0", .linkLocal),
            ("[fe80::1c2a:3bff:fe4d:5e6f%25en0]", .linkLocal),
            ("FE80::1", .linkLocal),
            ("febf:ffff::1", .linkLocal),
            ("fc00::1", .uniqueLocal),
            ("fd12:3456:789a:1::1", .uniqueLocal),
            ("ff02::fb", .multicast),
            ("::203.0.113.9", .reserved),
        ])
    func nonRoutableAddresses(_ address: String, _ expected: IPAddressClass) {
        #expect(IPAddressPrefix.classify(address) == expected)
        #expect(IPAddressPrefix.prefix(of: address) == nil)
    }

    @Test(
        "A public IPv6 address yields its /64 (a home network, or one phone's data session) in canonical lowercase form",
        arguments: [
            ("2001:db8:1:2::9", "2001:db8:1:2::/64"),
            ("2001:0DB8:0001:0002:0000:0000:0000:0009", "2001:db8:1:2::/64"),
            ("2001:db8::1", "2001:db8::/64"),
            ("2001:db8:0:1::", "2001:db8:0:1::/64"),
            ("2001:0:5::1", "2001:0:5::/64"),
            ("2a00:1450:4007:80c::200e", "2a00:1450:4007:80c::/64"),
            ("2606:4700:4700::1111", "2606:4700:4700::/64"),
            ("2001:db8:1:2:3:4:5::", "2001:db8:1:2::/64"),
        ])
    func publicIPv6(_ address: String, _ prefix: String) {
        #expect(IPAddressPrefix.prefix(of: address) == prefix)
    }

    @Test(
        "Brackets, ports and zone ids are stripped",
        arguments: [
            "[2001:db8:85a3::8a2e:370:7334]",
            "[2001:db8:85a3::8a2e:370:7334]:443",
            "2001:db8:85a3::8a2e:370:7334%en0",
            "[2001:db8:85a3::8a2e:370:7334%en0]:443",
            "2001:db8:85a3:0:0:8a2e:370:7334",
        ])
    func decoratedIPv6(_ address: String) {
        #expect(IPAddressPrefix.prefix(of: address) == "2001:db8:85a3::/64")
    }

    @Test(
        "An IPv4-mapped IPv6 address is treated as its IPv4 address",
        arguments: [
            "::ffff:203.0.113.9",
            "::FFFF:203.0.113.9",
            "::ffff:cb00:7109",
            "0:0:0:0:0:ffff:203.0.113.9",
            "[::ffff:203.0.113.9]:8080",
        ])
    func mappedIPv4(_ address: String) {
        #expect(IPAddressPrefix.prefix(of: address) == "203.0.113.0/24")
        #expect(IPAddressPrefix.classify(address) == .public)
    }

    @Test(
        "An IPv4-mapped private or CGNAT address keeps its class",
        arguments: [
            ("::ffff:10.0.0.1", IPAddressClass.privateNetwork),
            ("::ffff:100.64.1.1", .carrierGradeNAT),
            ("::ffff:127.0.0.1", .loopback),
        ])
    func mappedNonRoutable(_ address: String, _ expected: IPAddressClass) {
        #expect(IPAddressPrefix.classify(address) == expected)
        #expect(IPAddressPrefix.prefix(of: address) == nil)
    }

    @Test(
        "An embedded IPv4 address in a NAT64 or full-form address stays IPv6",
        arguments: [
            ("64:ff9b::203.0.113.9", "64:ff9b::/64"),
            ("2001:db8:1:2:3:4:203.0.113.9", "2001:db8:1:2::/64"),
        ])
    func embeddedIPv4InIPv6(_ address: String, _ prefix: String) {
        #expect(IPAddressPrefix.prefix(of: address) == prefix)
    }

    @Test(
        "Garbage is not an address",
        arguments: [
            "", " ", "unknown", "localhost", "300.1.1.1", "256.0.0.1", "1.2.3", "1.2.3.4.5", "1..2.3", "1.2.3.",
            "01.2.3.4", "1.2.3.04", "1.2.3.-1", "1.2.3.4 5", "a.b.c.d", "1.2.3.4:", "1.2.3.4:99999", "1.2.3.4:80:80",
            "203.0.113.9, 198.51.100.1", "2001:db8:::1", "2001:db8::1::2", ":::", "1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7",
            "1:2:3:4:5:6:7::8", "12345::1", "g::1", "::1%", "::1%eth 0", "[2001:db8::1", "2001:db8::1]",
            "[2001:db8::1]x", "[2001:db8::1]:", ":1::2", "1::2:", "::ffff:1.2.3.4.5", "1.2.3.4::", "::1.2.3.4:5",
            "[203.0.113.9]", String(repeating: "1", count: 200), "🙂::1",
        ])
    func garbage(_ input: String) {
        #expect(IPAddressPrefix.prefix(of: input) == nil)
        #expect(IPAddressPrefix.classify(input) == nil)
    }

    @Test("Two phones of one carrier /48 are told apart; privacy addresses of one /64 are not")
    func carrierIPv6() {
        let phone = IPAddressPrefix.prefix(of: "2607:fb90:1a2b:3c4d:1111:2222:3333:4444")
        #expect(phone == IPAddressPrefix.prefix(of: "2607:fb90:1a2b:3c4d:aaaa:bbbb:cccc:dddd"))
        #expect(phone != IPAddressPrefix.prefix(of: "2607:fb90:1a2b:3c4e:1111:2222:3333:4444"))
    }
}
