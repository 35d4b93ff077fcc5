/// Reduces a client IP address to the network prefix the attribution engine compares.
///
/// A household or office shares an IPv4 /24 while its devices' exact addresses change, so the
/// prefix is what a click and a later install from the same network have in common. On IPv6 the
/// unit a network hands out is the /64: one per home or office LAN (RFC 6177, RFC 7084), and one
/// per phone and data session on a mobile carrier (3GPP TS 23.401, RFC 6459); the lower 64 bits
/// are privacy addresses that change freely (RFC 8981). So an IPv6 /64 is a household or a single
/// phone, far more telling than an IPv4 /24, which on a carrier's NAT egress stands for thousands. Addresses that many strangers share (carrier-grade NAT, private networks) or that
/// never identify a network (loopback, link-local, multicast) have no prefix.
///
/// ```swift
/// IPAddressPrefix.prefix(of: "203.0.113.9")             // "203.0.113.0/24"
/// IPAddressPrefix.prefix(of: "[2001:DB8:1:2::9]:443")   // "2001:db8:1:2::/64"
/// IPAddressPrefix.prefix(of: "::ffff:203.0.113.9")      // "203.0.113.0/24"
/// IPAddressPrefix.prefix(of: "100.64.1.1")              // nil: carrier-grade NAT
/// ```
public enum IPAddressPrefix {
    /// The IPv4 /24 or IPv6 /64 of a public address, in canonical text; nil for any other class
    /// of address and for input that is not an address.
    ///
    /// - Parameter address: an IPv4 or IPv6 address as a proxy header or socket reports it:
    ///   IPv6 may be compressed, carry an embedded IPv4 address or a zone id, and sit in
    ///   brackets; either may be followed by a port.
    public static func prefix(of address: String) -> String? {
        guard let parsed = IPAddress(parsing: address)?.unmapped, parsed.addressClass == .public else { return nil }
        switch parsed {
        case .v4(let value):
            return "\(value >> 24).\(value >> 16 & 0xFF).\(value >> 8 & 0xFF).0/24"
        case .v6(let groups):
            return IPAddress.canonicalText(Array(groups[0..<4]) + [0, 0, 0, 0]) + "/64"
        }
    }

    /// The class of `address` (IPv4-mapped IPv6 addresses classed as their IPv4 address), or nil
    /// when it is not an address.
    public static func classify(_ address: String) -> IPAddressClass? {
        IPAddress(parsing: address)?.unmapped.addressClass
    }
}

extension IPAddress {
    var addressClass: IPAddressClass {
        switch self {
        case .v4(let value): Self.classify(v4: value)
        case .v6(let groups): Self.classify(v6: groups)
        }
    }

    private static func classify(v4 value: UInt32) -> IPAddressClass {
        let firstOctet = value >> 24
        if firstOctet == 0 { return .unspecified }
        if firstOctet == 10 || value & 0xFFF0_0000 == 0xAC10_0000 || value & 0xFFFF_0000 == 0xC0A8_0000 {
            return .privateNetwork
        }
        if value & 0xFFC0_0000 == 0x6440_0000 { return .carrierGradeNAT }
        if firstOctet == 127 { return .loopback }
        if value & 0xFFFF_0000 == 0xA9FE_0000 { return .linkLocal }
        if value >> 28 == 0xE { return .multicast }
        if value >> 28 == 0xF { return .reserved }
        return .public
    }

    private static func classify(v6 groups: [UInt16]) -> IPAddressClass {
        let first = groups[0]
        if groups.allSatisfy({ $0 == 0 }) { return .unspecified }
        if groups[0..<7].allSatisfy({ $0 == 0 }), groups[7] == 1 { return .loopback }
        if first & 0xFF00 == 0xFF00 { return .multicast }
        if first & 0xFFC0 == 0xFE80 { return .linkLocal }
        if first & 0xFFC0 == 0xFEC0 { return .privateNetwork }
        if first & 0xFE00 == 0xFC00 { return .uniqueLocal }
        // ::/16 holds only the special forms above and obsolete ones (IPv4-compatible
        // "::203.0.113.9"); 64:ff9b::/96 (NAT64) starts with 0x64 and stays public.
        if first == 0 { return .reserved }
        return .public
    }
}
