/// A user-agent string prepared for cheap, predictable scanning.
///
/// Every lookup is a plain byte search over ASCII-lowercased UTF-8, so the cost of a
/// parse is linear in the (capped) input and no pattern can backtrack. User-agent
/// tokens are ASCII, so lowercasing only A–Z is enough; other bytes pass through.
struct UserAgentText: Sendable {
    /// Bytes beyond this are ignored. Real user agents stay well under 1 KB (the longest
    /// in-app browser strings, Facebook's, are around 400 bytes); the cap is what keeps a
    /// hostile 100 KB header as cheap as a normal one.
    static let maximumLength = 4096

    /// The input as sent, for extracting values that keep their case (device models).
    let original: [UInt8]
    /// The input with A–Z lowercased, for matching.
    let lower: [UInt8]

    init(_ string: String) {
        original = Array(string.utf8.prefix(Self.maximumLength))
        lower = original.map { byte in
            (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) ? byte + 32 : byte
        }
    }

    var count: Int { lower.count }

    /// The start of the first occurrence of `token` at or after `start`.
    /// `token` must be lowercase ASCII.
    func find(_ token: String, from start: Int = 0) -> Int? {
        let needle = Array(token.utf8)
        guard let first = needle.first, start >= 0, needle.count <= lower.count - start else {
            return nil
        }
        var index = start
        let last = lower.count - needle.count
        while index <= last {
            if lower[index] == first && matches(needle, at: index) {
                return index
            }
            index += 1
        }
        return nil
    }

    /// Whether `token` (lowercase ASCII) occurs anywhere.
    func contains(_ token: String) -> Bool {
        find(token) != nil
    }

    /// Whether the ASCII `token` occurs in `text`, case and all, by bytes. `String.contains`
    /// goes through the string-processing library, which costs microseconds a call: too much
    /// for checks that run for every candidate click of every install match.
    static func occurs(_ token: String, in text: String) -> Bool {
        var token = token
        var text = text
        return token.withUTF8 { needle in
            text.withUTF8 { haystack in
                guard let first = needle.first else { return true }
                guard needle.count <= haystack.count else { return false }
                var index = 0
                let last = haystack.count - needle.count
                while index <= last {
                    if haystack[index] == first {
                        var offset = 1
                        while offset < needle.count, haystack[index + offset] == needle[offset] { offset += 1 }
                        if offset == needle.count { return true }
                    }
                    index += 1
                }
                return false
            }
        }
    }

    /// Whether `token` (lowercase ASCII) occurs at a word start, i.e. not glued to a
    /// preceding letter or digit. This is what keeps "Line/" from matching "Outline/".
    func containsWord(_ token: String) -> Bool {
        findWord(token) != nil
    }

    /// The first occurrence of `token` that is not preceded by a letter or digit.
    func findWord(_ token: String, from start: Int = 0) -> Int? {
        var searchFrom = start
        while let index = find(token, from: searchFrom) {
            if index == 0 || !Self.isAlphanumeric(lower[index - 1]) {
                return index
            }
            searchFrom = index + 1
        }
        return nil
    }

    /// Whether the input, after leading spaces, starts with `token` (lowercase ASCII).
    func hasPrefix(_ token: String) -> Bool {
        var start = 0
        while start < lower.count, lower[start] == UInt8(ascii: " ") {
            start += 1
        }
        return find(token, from: start) == start
    }

    /// Reads a dotted or underscored version ("17_4_1", "6.0.1", "14") starting at
    /// `index`. Returns no components if there is no digit there.
    func versionComponents(at index: Int) -> [Int] {
        var components: [Int] = []
        var position = index
        // Four components is more than any OS version uses; stopping there bounds the work.
        while components.count < 4, position < lower.count, Self.isDigit(lower[position]) {
            var value = 0
            var digits = 0
            while position < lower.count, Self.isDigit(lower[position]) {
                // Nine digits fit an Int on every platform; longer runs are garbage, not versions.
                if digits < 9 {
                    value = value * 10 + Int(lower[position] - UInt8(ascii: "0"))
                }
                digits += 1
                position += 1
            }
            components.append(value)
            let isSeparator =
                position < lower.count
                && (lower[position] == UInt8(ascii: ".") || lower[position] == UInt8(ascii: "_"))
            guard isSeparator, position + 1 < lower.count, Self.isDigit(lower[position + 1]) else {
                break
            }
            position += 1
        }
        return components
    }

    /// The original-case text of `range`, decoding invalid UTF-8 leniently.
    func text(_ range: Range<Int>) -> String {
        let clamped = range.clamped(to: 0..<original.count)
        return String(decoding: original[clamped], as: UTF8.self)
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte)
    }

    private func matches(_ needle: [UInt8], at index: Int) -> Bool {
        var offset = 1
        while offset < needle.count {
            if lower[index + offset] != needle[offset] {
                return false
            }
            offset += 1
        }
        return true
    }
}
