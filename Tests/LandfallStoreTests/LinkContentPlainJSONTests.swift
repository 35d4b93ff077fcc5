import Foundation
import LandfallRandom
@testable import LandfallStore
import LandfallBench
import LandfallModels
import LandfallTestSupport
import Testing

/// A link's content read without `JSONDecoder` against `JSONDecoder` on the same documents:
/// whatever the storage writes must be read without it and alike; anything else must read alike
/// or be left to the decoder.
@Suite("Link content read from plain JSON")
struct LinkContentPlainJSONTests {
    static func decoded(_ document: String) -> LinkContent? {
        try? JSONDecoder().decode(LinkContent.self, from: Data(document.utf8))
    }

    static func plain(_ document: String) -> LinkContent? {
        PlainJSON.parse(document).flatMap(LinkContent.init(plain:))
    }

    /// The storage's encoder (sorted keys, `/` written as `\/`) on thousands of generated contents.
    @Test func everyContentTheStorageWritesIsReadWithoutTheDecoderAndAlike() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var random = SplitMix64(seed: 20261127)
        for _ in 0..<3000 {
            let content = Self.generatedContent(&random)
            let document = String(decoding: try encoder.encode(content), as: UTF8.self)
            let plain = try #require(Self.plain(document), "the plain reader stepped aside: \(document)")
            #expect(plain == content, "\(document)")
            #expect(plain == Self.decoded(document), "\(document)")
        }
    }

    @Test(arguments: [
        #"{}"#,
        #"{"title":null,"utmParameters":null,"targetingRules":null,"deepLinkParameters":null,"attributionWindowHours":null}"#,
        #"{"attributionWindowHours":24.0}"#,
        #"{"attributionWindowHours":2.4e1}"#,
        #"{"attributionWindowHours":-0}"#,
        #"{"futureField":[1,{"a":null}],"originalUrl":"https:\/\/example.com\/a?b=c"}"#,
        #"{"utmParameters":{},"targetingRules":{"countries":[],"devices":null}}"#,
        #"{"utmParameters":{"source":"news","medium":null,"other":7}}"#,
    ])
    func documentsTheDecoderAcceptsAreReadAlike(document: String) throws {
        let expected = try #require(Self.decoded(document))
        #expect(Self.plain(document) == expected)
    }

    @Test(arguments: [
        #"[]"#,
        #"{"title":5}"#,
        #"{"title":"a","title":"b"}"#,
        #"{"title":"\ud83d\ude00"}"#,
        #"{"attributionWindowHours":1.5}"#,
        #"{"attributionWindowHours":"24"}"#,
        #"{"attributionWindowHours":1e300}"#,
        #"{"attributionWindowHours":9007199254740993}"#,
        #"{"deepLinkParameters":{"a":1}}"#,
        #"{"deepLinkParameters":["a"]}"#,
        #"{"targetingRules":{"countries":["US",null]}}"#,
        #"{"targetingRules":[]}"#,
        #"{"utmParameters":"x"}"#,
        #"{"utmParameters":{"source":7}}"#,
    ])
    func anythingElseIsLeftToTheDecoder(document: String) {
        #expect(Self.plain(document) == nil)
    }

    static let texts = [
        "https://example.com/path?q=1&r=2#frag", "", "say \"hi\"", "back\\slash", "line\nbreak\ttab\r", "\u{0}\u{1}\u{1F}",
        "ünïcödé 🚀", "e\u{301}", "\u{2028}\u{2029}", "myapp://product/42", "</script>",
    ]

    static func generatedContent(_ random: inout SplitMix64) -> LinkContent {
        func text() -> String? { random.next(3) == 0 ? nil : texts[random.next(texts.count)] + String(random.next(100)) }
        func list() -> [String]? { random.next(3) == 0 ? nil : (0..<random.next(4)).map { _ in texts[random.next(texts.count)] } }
        var content = LinkContent(
            originalUrl: text(), iosAppStoreUrl: text(), androidAppStoreUrl: text(), webFallbackUrl: text(), appScheme: text(),
            iosUniversalLink: text(), androidAppLink: text(), deepLinkPath: text(),
            title: text(), description: text(), ogTitle: text(), ogDescription: text(), ogImageUrl: text()
        )
        if random.next(2) == 0 {
            content.deepLinkParameters = Dictionary(
                (0..<random.next(4)).map { _ in (texts[random.next(texts.count)], texts[random.next(texts.count)]) }
            ) { first, _ in first }
        }
        if random.next(2) == 0 {
            content.utmParameters = UTMParameters(source: text(), medium: text(), campaign: text(), term: text(), content: text())
        }
        if random.next(2) == 0 { content.targetingRules = TargetingRules(countries: list(), devices: list(), languages: list()) }
        if random.next(2) == 0 { content.attributionWindowHours = [0, 1, 24, 168, 720, -5, Int(Int32.max)][random.next(7)] }
        return content
    }
}
