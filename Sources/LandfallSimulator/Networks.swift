/// The kind of network an event (a click or an install) comes from.
public enum NetworkKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// A household's Wi-Fi: one public address shared by everyone at home.
    case home
    /// An office, campus or school network: one prefix shared by many people.
    case office
    /// Cafés, airports, hotels: one prefix shared by strangers.
    case publicWiFi
    /// A carrier's egress: a prefix shared by very many subscribers, changing between sessions,
    /// or carrier-grade NAT space that says nothing about a person.
    case cellular
    /// iCloud Private Relay (iOS Safari only): a relay's egress, never the person's own address.
    case privateRelay
    /// An always-on VPN: one of the provider's exits, shared with its other customers.
    case vpn
}

/// IPv4 addresses for the simulated networks, from disjoint, realistic-looking public ranges.
///
/// Prefixes are derived from pool indexes through a hash, so "office 17" always has the same /24
/// within a run and different pools never overlap by construction.
enum AddressSpace {
    static let residentialFirstOctets = [24, 50, 67, 68, 69, 70, 71, 73, 75, 76, 96, 97, 98, 99, 107, 108]
    static let officeFirstOctets = [12, 38, 63, 64, 65, 66, 104, 128, 129, 130, 131, 132, 198, 204]
    static let venueFirstOctets = [45, 72, 173, 184, 206, 207, 208, 209]
    /// Apple's relay egress lives in 172.224.0.0/12 (outside 172.16.0.0/12's private range).
    static let relayFirstOctet = 172

    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9e37_79b9_7f4a_7c15
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// The first three octets of pool member `index`.
    static func prefix(index: Int, salt: UInt64, firstOctets: [Int]) -> (Int, Int, Int) {
        let hash = mix(UInt64(truncatingIfNeeded: index) ^ (salt &* 0x1000_0000_01b3))
        let first = firstOctets[Int(hash % UInt64(firstOctets.count))]
        return (first, Int((hash >> 16) & 0xff), Int((hash >> 24) & 0xff))
    }

    static func residential(_ index: Int) -> (Int, Int, Int) { prefix(index: index, salt: 1, firstOctets: residentialFirstOctets) }
    static func office(_ index: Int) -> (Int, Int, Int) { prefix(index: index, salt: 2, firstOctets: officeFirstOctets) }
    static func venue(_ index: Int) -> (Int, Int, Int) { prefix(index: index, salt: 3, firstOctets: venueFirstOctets) }

    static func relay(_ index: Int) -> (Int, Int, Int) {
        let hash = mix(UInt64(truncatingIfNeeded: index) ^ 0x5151)
        return (relayFirstOctet, 224 + Int(hash % 16), Int((hash >> 8) & 0xff))
    }

    static func carrier(_ carrier: Carrier, index: Int, salt: Int) -> (Int, Int, Int) {
        let hash = mix(UInt64(truncatingIfNeeded: index) ^ (UInt64(truncatingIfNeeded: salt) << 32) ^ 0xc0ff_ee)
        let span = carrier.secondOctets.count
        return (carrier.firstOctet, carrier.secondOctets.lowerBound + Int(hash % UInt64(span)), Int((hash >> 16) & 0xff))
    }

    static func address(_ prefix: (Int, Int, Int), host: Int) -> String {
        "\(prefix.0).\(prefix.1).\(prefix.2).\(host)"
    }

    static func vpnExit(_ index: Int) -> (Int, Int, Int) { prefix(index: index, salt: 5, firstOctets: [37, 91, 146, 185, 193, 194]) }

    /// A home network's IPv6 /64 (residential blocks such as 2601::/20), with a random interface id.
    static func residentialIPv6(_ index: Int, _ random: inout SeededGenerator) -> String {
        let hash = mix(UInt64(truncatingIfNeeded: index) ^ 0x6_0006)
        let groups = [0x2601, Int(hash & 0xffff), Int((hash >> 16) & 0xffff), Int((hash >> 32) & 0xffff)]
        return v6(groups, &random)
    }

    /// A phone's IPv6 /64 on a carrier: one per data session, from the carrier's block.
    static func carrierIPv6(_ carrier: Carrier, session: UInt64, _ random: inout SeededGenerator) -> String {
        let hash = mix(session ^ 0x7_0007)
        let groups = [Int(carrier.ipv6Block), Int(hash & 0xffff), Int((hash >> 16) & 0xffff), Int((hash >> 32) & 0xffff)]
        return v6(groups, &random)
    }

    /// A /64 and a random interface id (privacy addresses change the lower 64 bits freely).
    static func v6(_ prefix: [Int], _ random: inout SeededGenerator) -> String {
        var groups = prefix.map { String($0, radix: 16) }
        for _ in 0..<4 { groups.append(String(random.below(0x10000), radix: 16)) }
        return groups.joined(separator: ":")
    }

    /// A carrier-grade NAT address (100.64.0.0/10).
    static func sharedSpace(_ random: inout SeededGenerator) -> String {
        "100.\(64 + random.below(64)).\(random.below(256)).\(1 + random.below(254))"
    }
}
