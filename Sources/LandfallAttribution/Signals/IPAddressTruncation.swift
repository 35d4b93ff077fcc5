/// Reduces a stored client address to the network it belongs to once attribution can no longer
/// use it: the IPv4 /24 or the IPv6 /48, written in CIDR notation.
///
/// The `/length` suffix is what marks a value as already reduced, so truncating twice gives the
/// same text and a sweep can tell done rows from pending ones in SQL (`NOT LIKE '%/%'`). An
/// IPv4-mapped IPv6 address is the IPv4 address it stands for. A /64 network prefix (what the
/// engine keys IPv6 clicks by) narrows to its /48 as well: kept whole it would name a household
/// more closely than the truncated address beside it.
///
/// ```swift
/// IPAddressTruncation.network(of: "203.0.113.9")            // "203.0.113.0/24"
/// IPAddressTruncation.network(of: "2001:db8:1:2::9")        // "2001:db8:1::/48"
/// IPAddressTruncation.network(of: "::ffff:203.0.113.9")     // "203.0.113.0/24"
/// IPAddressTruncation.network(of: "2001:db8:1:2::/64")      // "2001:db8:1::/48"
/// IPAddressTruncation.network(of: "not an address")         // nil
/// ```
public enum IPAddressTruncation {
    public static let ipv4PrefixLength = 24
    public static let ipv6PrefixLength = 48

    /// The /24 or /48 network of an address or of a wider-than-that network's CIDR text; nil when
    /// `text` is neither (a value that cannot be reduced must be dropped, not kept).
    public static func network(of text: String) -> String? {
        var address = Substring(text)
        if let slash = address.lastIndex(of: "/") {
            // A network already at or above the retention length keeps its own length.
            guard let length = Int(address[address.index(after: slash)...]) else { return nil }
            address = address[..<slash]
            guard let parsed = IPAddress(parsing: String(address))?.unmapped else { return nil }
            switch parsed {
            case .v4 where length < ipv4PrefixLength, .v6 where length < ipv6PrefixLength:
                return render(parsed, length: length)
            default:
                return render(parsed, length: nil)
            }
        }
        return IPAddress(parsing: String(address)).map { render($0.unmapped, length: nil) }
    }

    private static func render(_ address: IPAddress, length: Int?) -> String {
        switch address {
        case .v4(let value):
            let bits = max(0, min(length ?? ipv4PrefixLength, ipv4PrefixLength))
            let masked = bits == 0 ? 0 : value & ~UInt32(0) << (32 - bits)
            return "\(masked >> 24).\(masked >> 16 & 0xFF).\(masked >> 8 & 0xFF).\(masked & 0xFF)/\(bits)"
        case .v6(let groups):
            let bits = max(0, min(length ?? ipv6PrefixLength, ipv6PrefixLength))
            let masked = groups.enumerated().map { index, group -> UInt16 in
                let kept = max(0, min(16, bits - index * 16))
                return kept == 0 ? 0 : group & ~UInt16(0) << (16 - kept)
            }
            return IPAddress.canonicalText(masked) + "/\(bits)"
        }
    }
}
