/// Normalises the language a device or browser reports to one BCP 47 form.
///
/// iOS sends a locale identifier (`en_US`), Android and browsers a language tag (`en-US`), POSIX
/// systems `pt_BR.UTF-8`, and an `Accept-Language` header a weighted list. The attribution
/// engine compares full tags, so they must all come out the same.
///
/// ```swift
/// LanguageTag.normalize("en_US")        // "en-US"
/// LanguageTag.normalize("zh-hant-tw")   // "zh-Hant-TW"
/// LanguageTag.normalize("pt_BR.UTF-8")  // "pt-BR"
/// LanguageTag.normalize("POSIX")        // nil
/// ```
public enum LanguageTag {
    /// RFC 5646 asks implementations to handle at least 35 characters; longer is not a tag a
    /// device sends.
    static let maximumLength = 35
    /// Only this much of an `Accept-Language` header is read.
    static let maximumHeaderLength = 1024

    /// The tag in BCP 47 casing (language lowercase, script titlecase, region uppercase), or nil
    /// for empty input, a wildcard, the C/POSIX locale and anything that is not a tag.
    ///
    /// Reads the first entry of a list and drops a weight (`en-US;q=0.9`), a POSIX codeset
    /// (`.UTF-8`) and modifier (`@euro`), and an iOS locale keyword (`@calendar=…`).
    public static func normalize(_ raw: String?) -> String? {
        guard let raw else { return nil }
        let firstEntry = raw.prefix(maximumHeaderLength).prefix { $0 != "," }
        return normalizeEntry(firstEntry)
    }

    /// The primary language subtag, lowercased: `en-US` → `en`. What the engine compares (see
    /// `Factor.language`) and what device signatures carry.
    public static func primary(_ tag: String) -> String {
        String(tag.prefix { $0 != "-" && $0 != "_" }).lowercased()
    }

    /// The language an `Accept-Language` header prefers most: the entry with the highest weight
    /// (the first among equals), skipping the wildcard, refused (`q=0`) and unreadable entries.
    ///
    /// - Parameter header: e.g. `fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5`.
    public static func preferred(inAcceptLanguage header: String?) -> String? {
        guard let header else { return nil }
        var best: (tag: String, weight: Double)?
        // A browser sends a handful of entries; the bound keeps a hostile header cheap.
        for entry in header.prefix(maximumHeaderLength).split(separator: ",").prefix(32) {
            guard let tag = normalizeEntry(entry) else { continue }
            let weight = Self.weight(of: entry)
            guard weight > 0 else { continue }
            if let current = best, current.weight >= weight { continue }
            best = (tag, weight)
        }
        return best?.tag
    }

    /// The `q` parameter of one list entry; 1 when absent, 0 when unreadable.
    private static func weight(of entry: Substring) -> Double {
        for parameter in entry.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingASCIISpaces() }
            guard pair.count == 2, pair[0].lowercased() == "q" else { continue }
            guard let value = Double(pair[1]), value.isFinite, (0...1).contains(value) else { return 0 }
            return value
        }
        return 1
    }

    private static func normalizeEntry(_ entry: Substring) -> String? {
        let tag = entry.prefix { $0 != ";" && $0 != "." && $0 != "@" }.trimmingASCIISpaces()
        guard !tag.isEmpty, tag.utf8.count <= maximumLength else { return nil }
        if isCanonicalLanguageAndRegion(tag.utf8) { return String(tag) }
        return normalizeSubtags(tag)
    }

    /// The general path: every subtag read and cased by its kind.
    static func normalizeSubtags(_ tag: Substring) -> String? {
        var subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        // Java's Locale.toString() writes the script last: "zh_CN_#Hans".
        if let last = subtags.last, last.first == "#" {
            subtags.removeLast()
            // "sr__#Latn" has an empty country before the script.
            while subtags.last?.isEmpty == true { subtags.removeLast() }
            let script = last.dropFirst()
            if script.count == 4, subtags.count >= 1 { subtags.insert(script, at: 1) }
        }
        guard let language = subtags.first, (2...3).contains(language.count), language.allSatisfy(\.isASCIILetter) else {
            return nil
        }
        // "und" (undetermined) says nothing about the person.
        guard language.lowercased() != "und" else { return nil }

        var output = [language.lowercased()]
        var inExtension = false
        for subtag in subtags.dropFirst() {
            guard (1...8).contains(subtag.count), subtag.allSatisfy(\.isASCIIAlphanumeric) else { return nil }
            if subtag.count == 1 { inExtension = true }
            if inExtension {
                output.append(subtag.lowercased())
            } else if subtag.count == 2, subtag.allSatisfy(\.isASCIILetter) {
                output.append(subtag.uppercased())
            } else if subtag.count == 4, subtag.allSatisfy(\.isASCIILetter) {
                output.append(subtag.prefix(1).uppercased() + subtag.dropFirst().lowercased())
            } else {
                output.append(subtag.lowercased())
            }
        }
        return output.joined(separator: "-")
    }
}

extension LanguageTag {
    /// `en` or `en-US` exactly as normalising writes it (not `und`): most tags a click or an install
    /// carries, already normalised by the memoised header parse or by the SDK, which the general
    /// path would split and join again on every click.
    static func isCanonicalLanguageAndRegion(_ bytes: Substring.UTF8View) -> Bool {
        let lowercase: ClosedRange<UInt8> = 0x61...0x7A
        let uppercase: ClosedRange<UInt8> = 0x41...0x5A
        let separator = bytes.firstIndex(of: UInt8(ascii: "-")) ?? bytes.endIndex
        let language = bytes[bytes.startIndex..<separator]
        guard (2...3).contains(language.count), language.allSatisfy(lowercase.contains), !language.elementsEqual("und".utf8) else {
            return false
        }
        guard separator != bytes.endIndex else { return true }
        let region = bytes[bytes.index(after: separator)...]
        return region.count == 2 && region.allSatisfy(uppercase.contains)
    }
}

extension Character {
    var isASCIILetter: Bool { isASCII && isLetter }
    var isASCIIAlphanumeric: Bool { isASCII && (isLetter || isNumber) }
}

extension Substring {
    /// Without leading and trailing spaces and tabs (Foundation's trimming is avoided to keep
    /// the scan byte-simple).
    func trimmingASCIISpaces() -> Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" { result = result.dropFirst() }
        while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
        return result
    }
}
