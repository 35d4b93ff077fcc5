/// Which IP addresses a webhook may be sent to: the classification behind the SSRF guard.
///
/// Works on the raw bytes an address resolved to, so every spelling of an address (`2130706433`,
/// `0x7f.1`, `::ffff:127.0.0.1`) is judged by what it really is.
struct WebhookAddressPolicy: Sendable, Equatable {
    var allowLoopback: Bool
    var allowPrivateNetworks: Bool

    /// What kind of address a host resolved to.
    enum Kind: String, Sendable, Equatable {
        case publicAddress = "public"
        case loopback
        case privateNetwork = "private"
        /// 169.254/16 and fe80::/10, where cloud metadata services answer.
        case linkLocal = "link-local"
        /// 100.64/10: carrier-grade NAT, and Alibaba's metadata service.
        case sharedAddressSpace = "carrier-grade NAT"
        case multicast
        /// Unspecified, documentation, benchmarking, reserved and other special-purpose ranges.
        case reserved
    }

    func allows(_ kind: Kind) -> Bool {
        switch kind {
        case .publicAddress: true
        case .loopback: allowLoopback
        case .privateNetwork: allowPrivateNetworks
        case .linkLocal, .sharedAddressSpace, .multicast, .reserved: false
        }
    }

    /// Classifies 4 (IPv4) or 16 (IPv6) bytes in network order.
    static func kind(of bytes: [UInt8]) -> Kind {
        switch bytes.count {
        case 4: return kind(ipv4: UInt32(bytes[0]) << 24 | UInt32(bytes[1]) << 16 | UInt32(bytes[2]) << 8 | UInt32(bytes[3]))
        case 16: return kind(ipv6: bytes)
        default: return .reserved
        }
    }

    static func kind(ipv4 address: UInt32) -> Kind {
        func inside(_ network: UInt32, _ length: UInt32) -> Bool {
            let mask: UInt32 = length == 0 ? 0 : ~UInt32(0) << (32 - length)
            return address & mask == network & mask
        }
        if inside(0x7F00_0000, 8) { return .loopback }
        if inside(0x0A00_0000, 8) || inside(0xAC10_0000, 12) || inside(0xC0A8_0000, 16) { return .privateNetwork }
        if inside(0xA9FE_0000, 16) { return .linkLocal }
        if inside(0x6440_0000, 10) { return .sharedAddressSpace }
        if inside(0xE000_0000, 4) { return .multicast }
        let reserved: [(UInt32, UInt32)] = [
            (0x0000_0000, 8),  // "this network", 0.0.0.0
            (0xC000_0000, 24),  // IETF protocol assignments
            (0xC000_0200, 24), (0xC633_6400, 24), (0xCB00_7100, 24),  // documentation
            (0xC612_0000, 15),  // benchmarking
            (0xC058_6300, 24),  // 6to4 relay anycast
            (0xF000_0000, 4),  // reserved, and the broadcast address
        ]
        return reserved.contains { inside($0.0, $0.1) } ? .reserved : .publicAddress
    }

    static func kind(ipv6 bytes: [UInt8]) -> Kind {
        let prefix12 = bytes[0..<12]
        let embedded = UInt32(bytes[12]) << 24 | UInt32(bytes[13]) << 16 | UInt32(bytes[14]) << 8 | UInt32(bytes[15])
        if prefix12.allSatisfy({ $0 == 0 }) {
            if embedded == 1 { return .loopback }
            if embedded == 0 { return .reserved }
            // IPv4-compatible addresses (deprecated) reach the IPv4 address they embed.
            return kind(ipv4: embedded)
        }
        // IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) reach the embedded IPv4 address.
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF { return kind(ipv4: embedded) }
        if bytes[0..<12].elementsEqual([0x00, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0]) { return kind(ipv4: embedded) }
        if bytes[0] == 0x20, bytes[1] == 0x02 {
            // 6to4 carries an IPv4 address in bits 16-47.
            return kind(ipv4: UInt32(bytes[2]) << 24 | UInt32(bytes[3]) << 16 | UInt32(bytes[4]) << 8 | UInt32(bytes[5]))
        }
        if bytes[0] == 0xFF { return .multicast }
        if bytes[0] == 0xFE, bytes[1] & 0xC0 == 0x80 { return .linkLocal }
        if bytes[0] == 0xFE, bytes[1] & 0xC0 == 0xC0 { return .privateNetwork }  // deprecated site-local
        if bytes[0] & 0xFE == 0xFC { return .privateNetwork }  // unique local, fd00:ec2::254 among them
        if bytes[0] == 0x20, bytes[1] == 0x01, bytes[2] == 0x0D, bytes[3] == 0xB8 { return .reserved }  // documentation
        if bytes[0] == 0x20, bytes[1] == 0x01, bytes[2] == 0, bytes[3] == 0 { return .reserved }  // Teredo hides its IPv4 target
        if bytes[0] == 0x00, bytes[1] == 0x64, bytes[2] == 0xFF, bytes[3] == 0x9B { return .reserved }  // local-use NAT64
        if bytes[0] == 0x01, bytes[1..<8].allSatisfy({ $0 == 0 }) { return .reserved }  // discard-only
        return .publicAddress
    }
}
