import Foundation
@testable import LandfallServer
import LandfallModels
import Testing

/// An event's properties are stored as compact JSON written without JSONEncoder: the text must
/// read back as the same value, and one value must always give one text.
@Suite("Compact JSON of event properties")
struct CompactJSONTests {
    @Test func keysAreSortedAndNumbersWrittenShortest() {
        let value: JSONValue = .object([
            "zeta": 3, "alpha": 19.99, "mid": .array([.null, true, false, 1e-7, 1e21, -0.5, 9_007_199_254_740_992]),
            "nested": .object(["b": "x", "a": .object([:])]),
        ])
        #expect(
            value.compactJSON
                == #"{"alpha":19.99,"mid":[null,true,false,1e-07,1e+21,-0.5,9007199254740992],"nested":{"a":{},"b":"x"},"zeta":3}"#)
    }

    @Test func stringsAreEscapedAsJSONRequires() {
        let text = "quote \" backslash \\ slash / newline \n tab \t bell \u{07} nul \u{00} e\u{301} 🚀"
        #expect(
            JSONValue.string(text).compactJSON == #""quote \" backslash \\ slash / newline \n tab \t bell \u0007 nul \u0000 e\#u{301} 🚀""#)
    }

    @Test(arguments: [
        #"{"plan":"pro","level":7,"ratio":0.3333333333333333,"ok":true,"none":null,"list":[1,"two",{"three":3}]}"#,
        #"{"emoji":"🚀 ünïcödé","control":"a\u0001b","escaped":"\"x\" & 'y' \\ \/"}"#,
        #"{"big":1e300,"small":-2.5e-300,"int":-9007199254740991}"#,
    ])
    func whatIsWrittenReadsBackAsTheSameValue(json: String) throws {
        let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
        let text = decoded.compactJSON
        #expect(try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) == decoded)
        #expect(try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)).compactJSON == text)
    }

    @Test func aNonFiniteNumberIsWrittenAsNull() {
        #expect(JSONValue.array([.number(.infinity), .number(.nan)]).compactJSON == "[null,null]")
    }

    @Test func revenueReadsTheDecodedPropertiesWithTheirPaths() throws {
        #expect(try EventService.revenue(of: ["amount": .null, "currency": "USD"]) == nil)
        #expect(
            try EventService.revenue(of: ["revenue": "4.99", "currency": "usd"]) == EventService.Revenue(micros: 4_990_000, currency: "USD")
        )
        #expect(throws: APIError.self) { try EventService.revenue(of: ["revenue": 5, "currency": 840]) }
        do {
            _ = try EventService.revenue(of: ["revenue": 5, "amount": .array([])], prefix: "events[2].eventData")
            Issue.record("an amount that is no number was accepted")
        } catch let error as APIError {
            #expect(error.message.contains("events[2].eventData.amount"))
        }
    }
}
