import Foundation
import LandfallRandom
@testable import LandfallServer
import LandfallBench
import LandfallModels
import LandfallTestSupport
import Testing

/// The plain-JSON reader against `JSONDecoder` on the same bodies: wherever it answers, it must
/// answer exactly what the decoder would; everywhere else it must step aside.
@Suite("Plain JSON reader for event bodies")
struct PlainJSONTests {
    static func decoded(_ body: String) -> EventRequest? {
        try? LandfallJSON.makeDecoder().decode(EventRequest.self, from: Data(body.utf8))
    }

    static func plain(_ body: String) -> EventRequest? {
        PlainJSON.parse(Data(body.utf8)).flatMap(PlainJSON.event)
    }

    @Test(arguments: [
        // The bench's bodies and LinkForty's SDKs' shapes.
        #"{"installId":"i-1","eventName":"level_complete","eventId":"bench-a-1","eventData":{"level":7,"mode":"story"}}"#,
        #"{"installId":"i-1","eventName":"purchase","eventId":"bench-b-2","eventData":{"amount":"19.99","currency":"USD","sku":"premium_monthly"}}"#,
        #"{"installId": "i-1", "eventName": "revenue", "eventData": {"revenue": 4.99, "currency": "USD"}, "timestamp": "2026-01-01T00:20:00Z"}"#,
        #"{"installId":"i-1","eventName":"open","timestamp":"2025-12-31T18:12:00.123456","eventData":null,"eventId":null}"#,
        #"{"installId":"i-1","eventName":"say \"hi\" \\ \/ \b\f\n\r\t \u00e9\u0000\u2028"}"#,
        #"{ "installId" : "i-1" ,"eventName":"x","eventData":{"nested":{"list":[1,-0.5,2e3,true,false,null,"ünïcödé 🚀"]}},"sdkVersion":"1.2"}"#,
    ])
    func commonBodiesAreReadWithoutTheDecoderAndAlike(body: String) throws {
        let plain = try #require(Self.plain(body), "the plain reader stepped aside")
        #expect(plain == Self.decoded(body))
    }

    @Test(arguments: [
        #"{"installId":"i-1","eventName":"a","eventName":"b"}"#,
        #"{"installId":"i-1","eventName":"a\ud83d\ude00"}"#,
        #"{"installId":"i-1","eventName":"a\ud800"}"#,
        #"{"installId":"i-1","eventName":"a\x"}"#,
        #"{"installId":"i-1","eventName":"a\u00e"}"#,
        #"{"installId":"i-1","eventName":"a","timestamp":"yesterday"}"#,
        #"{"installId":"i-1","eventName":"a","eventData":{"n":1e400}}"#,
        #"{"installId":"i-1","eventName":"a","eventData":{"n":01}}"#,
        #"{"installId":"i-1","eventName":"a","eventData":[1]}"#,
        #"{"installId":"i-1","eventName":7}"#,
        #"{"installId":"i-1","eventName":"a"} trailing"#,
        #"{"installId":"i-1","eventName":"a""#,
        "{\"installId\":\"i-1\",\"eventName\":\"tab\there\"}",
    ])
    func anythingElseIsLeftToTheDecoder(body: String) {
        #expect(Self.plain(body) == nil)
    }

    /// Thousands of generated bodies, plain and not: where the reader answers, the decoder agrees.
    @Test func generatedBodiesReadAlikeWhereverThePlainReaderAnswers() {
        var random = SplitMix64(seed: 20261126)
        var answered = 0, steppedAside = 0
        for _ in 0..<4000 {
            let body = Self.generatedBody(&random)
            guard let plain = Self.plain(body) else {
                steppedAside += 1
                continue
            }
            answered += 1
            #expect(plain == Self.decoded(body), "\(body)")
            let value = PlainJSON.parse(Data(body.utf8))
            #expect(value == (try? JSONDecoder().decode(JSONValue.self, from: Data(body.utf8))), "\(body)")
        }
        // Both paths are exercised, or the comparison proves nothing.
        #expect(answered > 500 && steppedAside > 500, "answered \(answered), stepped aside \(steppedAside)")
    }

    static let strings = [
        "\"story\"", "\"\"", "\"ünïcödé 🚀\"", "\"e\u{301}\"", "\"quote \\\" inside\"", "\"line\\nbreak\"", "\"\\u00e9\"",
        "\"slash \\/\"", "\"raw\ttab\"",
        "\"pair \\ud83d\\ude00\"", "\"lone \\udc00\"", "\"bad \\q\"", "\"short \\u12\"", "\"nul \\u0000\"",
    ]
    static let numbers = [
        "0", "-0", "7", "-12", "19.99", "1e5", "1E+2", "0.5e-3", "123456789012345678901234", "4.9900000000000002",
        "01", "1.", ".5", "-", "1e400", "+1", "0x10",
    ]
    static let timestamps = [
        "\"2026-01-01T00:00:00Z\"", "\"2026-01-01T00:00:00.123Z\"", "\"2026-01-01T02:00:00+02:00\"", "\"2025-12-31T18:12:00.123456\"",
        "\"2025-12-31T18:12:00\"", "\"yesterday\"", "\"\"", "null", "1767225600",
    ]

    static func generatedBody(_ random: inout SplitMix64) -> String {
        var members: [String] = []
        func space() -> String { ["", " ", "\n  ", "\t"][random.next(4)] }
        if random.next(10) > 0 {
            members.append("\"installId\":\(space())" + (random.next(12) > 0 ? "\"inst-\(random.next(100))\"" : "null"))
        }
        if random.next(10) > 0 {
            members.append(
                "\"eventName\":" + (random.next(12) > 0 ? strings[random.next(strings.count)] : numbers[random.next(numbers.count)]))
        }
        if random.next(3) > 0 {
            members.append("\"eventData\":\(space())" + (random.next(10) > 0 ? value(&random, depth: 0, object: true) : "null"))
        }
        if random.next(3) == 0 { members.append("\"timestamp\":" + timestamps[random.next(timestamps.count)]) }
        if random.next(2) == 0 { members.append("\"eventId\":" + (random.next(8) > 0 ? "\"evt-\(random.next(1000))\"" : "17")) }
        if random.next(6) == 0 { members.append("\"sdkVersion\":\"2.1.0\"") }
        if random.next(15) == 0, let first = members.first { members.append(first) }
        members.shuffle(using: &random)
        var body = "{" + members.map { space() + $0 + space() }.joined(separator: ",") + "}"
        switch random.next(40) {
        case 0: body += " x"
        case 1: body.removeLast()
        case 2: body += "\n"
        default: break
        }
        return body
    }

    static func value(_ random: inout SplitMix64, depth: Int, object: Bool = false) -> String {
        let kind = object ? 4 : random.next(depth > 3 ? 4 : 6)
        switch kind {
        case 0: return strings[random.next(strings.count)]
        case 1: return numbers[random.next(numbers.count)]
        case 2: return ["true", "false", "null"][random.next(3)]
        case 3, 4:
            let keys = ["level", "mode", "amount", "currency", "sku", "é", "e\u{301}", "a b", "level"]
            let count = random.next(4)
            let pairs = (0..<count).map { _ in "\"\(keys[random.next(keys.count)])\": " + value(&random, depth: depth + 1) }
            return "{" + pairs.joined(separator: ", ") + "}"
        default:
            return "[" + (0..<random.next(4)).map { _ in value(&random, depth: depth + 1) }.joined(separator: ",") + "]"
        }
    }
}
