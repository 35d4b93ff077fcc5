import HTTPTypes
import Testing

@testable import LandfallServer

/// The redirect's one pass over its headers reads what a lookup by name reads, repeats included.
@Suite struct RedirectHeadersTests {
    static let host = HTTPField.Name("Host")!

    static let cases: [HTTPFields] = [
        [:],
        [.userAgent: "Mozilla/5.0 (iPhone)", .acceptLanguage: "en-US,en;q=0.9", .accept: "*/*"],
        [Self.host: "go.example.com:8080", .referer: "https://news.example/", .userAgent: "curl/8.5.0"],
        [.userAgent: "first", .acceptLanguage: "de-DE", .userAgent: "second"],
        [.acceptLanguage: "fr", .acceptLanguage: "en;q=0.5", .referer: "https://a.example/", .referer: "https://b.example/"],
        [Self.host: "a.example", Self.host: "b.example", .cookie: "x=1", .cookie: "y=2"],
        [HTTPField.Name("USER-AGENT")!: "upper case name", HTTPField.Name("accept-language")!: "pt-BR"],
    ]

    @Test(arguments: cases)
    func onePassReadsWhatTheLookupsRead(_ fields: HTTPFields) {
        let headers = RedirectHeaders(fields)
        #expect(headers.host == fields[Self.host])
        #expect(headers.userAgent == fields[.userAgent])
        #expect(headers.acceptLanguage == fields[.acceptLanguage])
        #expect(headers.referer == fields[.referer])
    }
}
