@testable import LandfallAttribution
import Testing

@Suite("User-agent byte search")
struct UserAgentTextTests {
    static let iPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148"

    @Test func occursFindsATokenAnywhereCaseAndAll() {
        #expect(UserAgentText.occurs("AppleWebKit/", in: Self.iPhone))
        #expect(UserAgentText.occurs(" OS 18_6 ", in: Self.iPhone))
        #expect(UserAgentText.occurs("Mozilla/", in: Self.iPhone), "at the start")
        #expect(UserAgentText.occurs("15E148", in: Self.iPhone), "at the end")
        #expect(!UserAgentText.occurs("applewebkit/", in: Self.iPhone), "case counts")
        #expect(!UserAgentText.occurs("Version/", in: Self.iPhone))
    }

    @Test func occursAgreesWithTheStandardLibraryOnEdges() {
        let cases: [(String, String)] = [
            ("", "anything"), ("a", ""), ("", ""), ("abc", "ab"), ("ab", "aab"), ("aab", "aaab"), ("K)", "Android 10; K)"),
            ("Version/", "Version"), ("é", "café"), ("Android 10; K)", "(Linux; Android 10; K) AppleWebKit"),
        ]
        for (token, text) in cases {
            #expect(UserAgentText.occurs(token, in: text) == text.contains(token), "\(token) in \(text)")
        }
    }
}
