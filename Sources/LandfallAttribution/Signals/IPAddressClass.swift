/// What kind of network an IP address belongs to, as far as attribution cares.
///
/// Only `.public` addresses say something about a person's network; every other class is shared
/// by strangers (carrier-grade NAT, private networks) or never reaches a server from a real device.
public enum IPAddressClass: String, Sendable, Hashable, Codable, CaseIterable {
    /// Globally routable unicast (documentation ranges such as 203.0.113.0/24 and 2001:db8::/32 included).
    case `public`
    /// 100.64.0.0/10: one address stands for thousands of mobile subscribers.
    case carrierGradeNAT
    /// RFC 1918 (10/8, 172.16/12, 192.168/16) and the deprecated IPv6 site-local fec0::/10.
    case privateNetwork
    /// 127.0.0.0/8 and ::1.
    case loopback
    /// 169.254.0.0/16 and fe80::/10.
    case linkLocal
    /// fc00::/7.
    case uniqueLocal
    /// 0.0.0.0/8 and ::.
    case unspecified
    /// 224.0.0.0/4 and ff00::/8.
    case multicast
    /// Never a client's source address: 240.0.0.0/4 (with the broadcast address) and the rest
    /// of ::/16 (IPv4-compatible and other obsolete forms).
    case reserved
}
