/// A parsed IP address: the value behind `IPAddressPrefix`.
///
/// Written by hand rather than with `inet_pton` so the module stays pure and behaves the same on
/// every platform. Works on UTF-8 bytes, is linear in the (capped) input and never traps.
enum IPAddress: Sendable, Hashable {
    case v4(UInt32)
    /// Exactly eight 16-bit groups.
    case v6([UInt16])

    /// Longer input is not an address: the longest real form (a bracketed IPv6 address with an
    /// embedded IPv4 address, a zone id and a port) stays well under this.
    static let maximumInputLength = 128

    /// Parses a dotted quad, any RFC 4291 IPv6 text form (with `::`, an embedded IPv4 address
    /// and a `%zone`), and either of them with a port (`203.0.113.9:443`, `[2001:db8::1]:443`).
    init?(parsing text: String) {
        var bytes = Substring(text).utf8.prefix(Self.maximumInputLength + 1)
        guard bytes.count <= Self.maximumInputLength else { return nil }
        while let first = bytes.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { bytes = bytes.dropFirst() }
        while let last = bytes.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { bytes = bytes.dropLast() }
        let input = Array(bytes)[...]

        if input.first == UInt8(ascii: "[") {
            guard let close = input.firstIndex(of: UInt8(ascii: "]")),
                Self.isPortSuffixOrEmpty(input[(close + 1)...]),
                let groups = Self.parseIPv6(input[1..<close])
            else { return nil }
            self = .v6(groups)
            return
        }
        let colons = input.lazy.filter { $0 == UInt8(ascii: ":") }.count
        if colons == 0 {
            guard let value = Self.parseIPv4(input) else { return nil }
            self = .v4(value)
        } else if colons == 1 {
            // A single colon never occurs in IPv6 text; it is an IPv4 address with a port.
            guard let colon = input.firstIndex(of: UInt8(ascii: ":")),
                Self.isPortSuffixOrEmpty(input[colon...]),
                let value = Self.parseIPv4(input[..<colon])
            else { return nil }
            self = .v4(value)
        } else {
            guard let groups = Self.parseIPv6(input) else { return nil }
            self = .v6(groups)
        }
    }

    /// An IPv4-mapped IPv6 address (`::ffff:203.0.113.9`) as the IPv4 address it stands for:
    /// dual-stack servers report IPv4 clients that way.
    var unmapped: IPAddress {
        guard case .v6(let groups) = self, groups[0..<5].allSatisfy({ $0 == 0 }), groups[5] == 0xFFFF else { return self }
        return .v4(UInt32(groups[6]) << 16 | UInt32(groups[7]))
    }

    // MARK: IPv4

    /// Exactly four decimal parts, 0-255, without leading zeros: "01.2.3.4" is rejected because
    /// some parsers read it as octal.
    static func parseIPv4(_ bytes: ArraySlice<UInt8>) -> UInt32? {
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var value: UInt32 = 0
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy(isDigit),
                part.count == 1 || part.first != UInt8(ascii: "0")
            else { return nil }
            let octet = part.reduce(UInt32(0)) { $0 * 10 + UInt32($1 - UInt8(ascii: "0")) }
            guard octet <= 255 else { return nil }
            value = value << 8 | octet
        }
        return value
    }

    // MARK: IPv6

    /// The eight groups of an IPv6 address, after dropping a zone id (`fe80::1%eth0`).
    static func parseIPv6(_ text: ArraySlice<UInt8>) -> [UInt16]? {
        var address = text
        if let percent = text.firstIndex(of: UInt8(ascii: "%")) {
            let zone = text[(percent + 1)...]
            guard !zone.isEmpty, zone.count <= 64, zone.allSatisfy(isZoneByte) else { return nil }
            address = text[..<percent]
        }
        guard address.count >= 2 else { return nil }

        var doubleColon: Int?
        var index = address.startIndex
        while index + 1 < address.endIndex {
            if address[index] == UInt8(ascii: ":"), address[index + 1] == UInt8(ascii: ":") {
                guard doubleColon == nil else { return nil }
                doubleColon = index
                index += 2
            } else {
                index += 1
            }
        }

        guard let doubleColon else {
            guard let groups = parseGroups(address, allowsTrailingIPv4: true), groups.count == 8 else { return nil }
            return groups
        }
        let headText = address[..<doubleColon]
        let tailText = address[(doubleColon + 2)...]
        // ":::" and "1:::2" leave a colon next to the "::".
        guard headText.last != UInt8(ascii: ":"), tailText.first != UInt8(ascii: ":"),
            let head = headText.isEmpty ? [] : parseGroups(headText, allowsTrailingIPv4: false),
            let tail = tailText.isEmpty ? [] : parseGroups(tailText, allowsTrailingIPv4: true),
            head.count + tail.count <= 7
        else { return nil }
        return head + Array(repeating: 0, count: 8 - head.count - tail.count) + tail
    }

    /// Colon-separated hex groups of one to four digits; the last may be a dotted quad, which
    /// counts as two groups.
    private static func parseGroups(_ text: ArraySlice<UInt8>, allowsTrailingIPv4: Bool) -> [UInt16]? {
        let pieces = text.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        guard pieces.count <= 8 else { return nil }
        var groups: [UInt16] = []
        groups.reserveCapacity(8)
        for (position, piece) in pieces.enumerated() {
            if piece.contains(UInt8(ascii: ".")) {
                guard allowsTrailingIPv4, position == pieces.count - 1, let v4 = parseIPv4(piece) else { return nil }
                groups.append(UInt16(truncatingIfNeeded: v4 >> 16))
                groups.append(UInt16(truncatingIfNeeded: v4))
                continue
            }
            guard (1...4).contains(piece.count) else { return nil }
            var group: UInt16 = 0
            for byte in piece {
                guard let digit = hexValue(byte) else { return nil }
                group = group << 4 | UInt16(digit)
            }
            groups.append(group)
        }
        return groups
    }

    /// RFC 5952 text: lowercase, no leading zeros, the longest run of two or more zero groups
    /// (the first on a tie) written as "::".
    static func canonicalText(_ groups: [UInt16]) -> String {
        var bestStart = -1
        var bestLength = 1
        var runStart = -1
        for index in 0...groups.count {
            if index < groups.count, groups[index] == 0 {
                if runStart < 0 { runStart = index }
                continue
            }
            if runStart >= 0, index - runStart > bestLength {
                bestStart = runStart
                bestLength = index - runStart
            }
            runStart = -1
        }
        func hex(_ slice: ArraySlice<UInt16>) -> String {
            slice.map { String($0, radix: 16) }.joined(separator: ":")
        }
        guard bestStart >= 0 else { return hex(groups[...]) }
        return hex(groups[..<bestStart]) + "::" + hex(groups[(bestStart + bestLength)...])
    }

    // MARK: Bytes

    private static func isPortSuffixOrEmpty(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first else { return true }
        let digits = bytes.dropFirst()
        guard first == UInt8(ascii: ":"), (1...5).contains(digits.count), digits.allSatisfy(isDigit) else { return false }
        return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } <= 65_535
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Interface names and numeric scope ids (`eth0`, `en0`, `25`, `wlan0.1`).
    private static func isZoneByte(_ byte: UInt8) -> Bool {
        isDigit(byte)
            || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
    }
}
