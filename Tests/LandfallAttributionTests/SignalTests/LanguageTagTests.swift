@testable import LandfallAttribution
import Testing

@Suite("Language tags")
struct LanguageTagTests {
    @Test(
        "Device and browser spellings come out in BCP 47 casing",
        arguments: [
            ("en_US", "en-US"),  // iOS Locale identifier
            ("en-US", "en-US"),  // Android, browsers
            ("en-us", "en-US"),
            ("EN-US", "en-US"),
            ("en", "en"),
            (" en ", "en"),
            ("zh-Hant-TW", "zh-Hant-TW"),
            ("zh-hant-tw", "zh-Hant-TW"),
            ("zh_Hans_CN", "zh-Hans-CN"),
            ("sr-latn-rs", "sr-Latn-RS"),
            ("es-419", "es-419"),
            ("fil-PH", "fil-PH"),
            ("de-CH-1996", "de-CH-1996"),
            ("en-US-x-twain", "en-US-x-twain"),
        ])
    func casing(_ raw: String, _ expected: String) {
        #expect(LanguageTag.normalize(raw) == expected)
    }

    @Test(
        "Codesets, modifiers, keywords and weights are dropped",
        arguments: [
            ("pt_BR.UTF-8", "pt-BR"),
            ("de_DE@euro", "de-DE"),
            ("en_US@calendar=gregorian", "en-US"),
            ("en-US;q=0.9", "en-US"),
            ("en-US,en;q=0.9", "en-US"),
        ])
    func decorations(_ raw: String, _ expected: String) {
        #expect(LanguageTag.normalize(raw) == expected)
    }

    @Test("Java's script-last locale string is reordered")
    func javaScriptSuffix() {
        #expect(LanguageTag.normalize("zh_CN_#Hans") == "zh-Hans-CN")
        #expect(LanguageTag.normalize("sr__#Latn") == "sr-Latn")
    }

    @Test(
        "Empty, wildcard, C/POSIX, overlong and malformed input is not a language",
        arguments: [
            "", "   ", "*", "C", "POSIX", "C.UTF-8", "english", "e", "12", "en--US", "en-", "-en", "en US",
            "en-US-toolongsubtag", String(repeating: "en-", count: 20) + "US", "und", "🙂", "x-klingon", "en-ÜS",
        ])
    func garbage(_ raw: String) {
        #expect(LanguageTag.normalize(raw) == nil)
    }

    @Test("Nil stays nil")
    func nilInput() {
        #expect(LanguageTag.normalize(nil) == nil)
    }

    @Test(
        "The primary subtag is the lowercased language",
        arguments: [
            ("en-US", "en"), ("zh-Hant-TW", "zh"), ("en", "en"), ("EN_us", "en"), ("fil-PH", "fil"),
        ])
    func primary(_ tag: String, _ expected: String) {
        #expect(LanguageTag.primary(tag) == expected)
    }

    @Test(
        "Accept-Language yields its most preferred readable entry",
        arguments: [
            ("fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5", "fr-CH"),
            ("en-US,en;q=0.9", "en-US"),
            ("*, en-gb;q=0.5", "en-GB"),
            ("en;q=0.5, de", "de"),
            ("de;q=0, en;q=0.1", "en"),
            ("en-toolongsubtag, pt-br;q=0.7", "pt-BR"),
            ("en;q=banana, es;q=0.2", "es"),
        ])
    func acceptLanguage(_ header: String, _ expected: String) {
        #expect(LanguageTag.preferred(inAcceptLanguage: header) == expected)
    }

    @Test(
        "Accept-Language without a usable entry yields nil",
        arguments: [
            nil, "", "*", "de;q=0", ",,,",
        ] as [String?])
    func acceptLanguageWithoutEntries(_ header: String?) {
        #expect(LanguageTag.preferred(inAcceptLanguage: header) == nil)
    }
}

@Suite("Language tags: the canonical fast path")
struct LanguageTagFastPathTests {
    /// Every tag the fast path takes is one the general path leaves unchanged, and it takes none the
    /// general path would change or refuse, over every two- and three-letter shape with and without
    /// a region in every casing.
    @Test func theFastPathAnswersWhatTheGeneralPathAnswers() {
        let letters = ["e", "E", "u", "n", "d", "Z", "é"]
        var tags: [String] = ["und", "und-US", "en-", "-US", "en-U", "en-USA", "en--US", "en-1S", "en_US", "e", "engl-US", "en-us", "x-US"]
        for first in letters {
            for second in letters {
                for third in [""] + letters {
                    let language = first + second + third
                    tags.append(language)
                    for region in ["US", "us", "Us", "DE", "419", "U1", "ÜS"] { tags.append(language + "-" + region) }
                }
            }
        }
        for tag in tags {
            let general = LanguageTag.normalizeSubtags(tag[...])
            if LanguageTag.isCanonicalLanguageAndRegion(tag[...].utf8) {
                #expect(general == tag, "\(tag)")
            }
            #expect(LanguageTag.normalize(tag) == general, "\(tag)")
        }
    }
}
