import Foundation
import LandfallModels
import Testing

@Suite("Wire formats LinkForty's SDKs decode")
struct WireFormatTests {
    @Test func datesGoOutWithoutFractionalSeconds() throws {
        let data = try LandfallJSON.makeEncoder().encode(["at": Date(timeIntervalSince1970: 1_790_000_000.789)])
        #expect(String(decoding: data, as: UTF8.self) == #"{"at":"2026-09-21T14:13:20Z"}"#)
    }

    @Test(arguments: ["2026-09-21T14:13:20Z", "2026-09-21T14:13:20.789Z", "2026-09-21T16:13:20+02:00"])
    func datesComeInWithOrWithoutFractionalSeconds(text: String) throws {
        struct Stamp: Decodable { var at: Date }
        let stamp = try LandfallJSON.makeDecoder().decode(Stamp.self, from: Data(#"{"at":"\#(text)"}"#.utf8))
        #expect(abs(stamp.at.timeIntervalSince1970 - 1_790_000_000) < 1)
    }

    @Test func aDateThatIsNotISO8601IsRefused() {
        struct Stamp: Decodable { var at: Date }
        #expect(throws: DecodingError.self) {
            try LandfallJSON.makeDecoder().decode(Stamp.self, from: Data(#"{"at":"yesterday"}"#.utf8))
        }
    }

    @Test func createLinkResultCarriesTheSnakeCaseKeysTheIOSSDKReads() throws {
        let data = try LandfallJSON.makeEncoder().encode(
            CreateLinkResult(url: "https://go.example.com/abc", shortCode: "abc", linkId: "L1", deduplicated: false))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["id"] as? String == "L1")
        #expect(object["short_code"] as? String == "abc")
        #expect(object["linkId"] as? String == "L1")
        #expect(object["shortCode"] as? String == "abc")
    }

    @Test func createLinkResultDecodesFromEitherSpelling() throws {
        let snake = try LandfallJSON.makeDecoder().decode(CreateLinkResult.self, from: Data(#"{"url":"u","id":"L","short_code":"s"}"#.utf8))
        #expect(snake == CreateLinkResult(url: "u", shortCode: "s", linkId: "L"))
    }

    @Test func utmParametersBecomeQueryItemsInOrder() {
        let utm = UTMParameters(source: "a", medium: nil, campaign: "c")
        #expect(utm.queryItems.map(\.name) == ["utm_source", "utm_campaign"])
        #expect(utm.filling(from: UTMParameters(source: "x", medium: "m")) == UTMParameters(source: "a", medium: "m", campaign: "c"))
    }

    @Test func errorBodyHasTheDocumentedShape() throws {
        let data = try LandfallJSON.makeEncoder().encode(ErrorBody(code: "link_not_found", message: "no link"))
        #expect(String(decoding: data, as: UTF8.self) == #"{"error":{"code":"link_not_found","message":"no link"}}"#)
    }
}
