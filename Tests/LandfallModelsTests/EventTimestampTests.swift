import Foundation
import LandfallModels
import Testing

@Suite("Event timestamps as clients send them")
struct EventTimestampTests {
    static func decode(_ timestamp: String) throws -> EventRequest {
        let json = #"{"installId": "i", "eventName": "e", "timestamp": "\#(timestamp)"}"#
        return try LandfallJSON.makeDecoder().decode(EventRequest.self, from: Data(json.utf8))
    }

    @Test(arguments: [
        ("2026-01-31T12:00:00Z", 1_769_860_800.0),
        ("2026-01-31T12:00:00.250Z", 1_769_860_800.25),
        ("2026-01-31T13:00:00+01:00", 1_769_860_800.0),
        ("2026-01-31T12:00:00.123456789Z", 1_769_860_800.123456789),
    ])
    func zonedTimestampsNameTheirInstant(text: String, seconds: Double) throws {
        let stamp = try #require(try Self.decode(text).timestamp)
        #expect(abs(stamp.timeIntervalSince1970 - seconds) < 0.001)
    }

    /// LinkForty's Flutter SDK: `DateTime.now().toIso8601String()`, local time without a zone.
    @Test(arguments: ["2025-12-31T18:12:00.123456", "2025-12-31T18:12:00"])
    func aLocalTimeWithoutAZoneIsReadAsAbsent(text: String) throws {
        #expect(LandfallJSON.isZonelessTimestamp(text))
        #expect(try Self.decode(text).timestamp == nil)
    }

    @Test(arguments: ["yesterday", "2025-12-31", "18:12:00", ""])
    func somethingThatIsNoDateIsStillRefused(text: String) {
        #expect(!LandfallJSON.isZonelessTimestamp(text))
        #expect(throws: DecodingError.self) { try Self.decode(text) }
    }

    @Test func encodingKeepsTheWireNames() throws {
        let event = EventRequest(installId: "i", eventName: "e", timestamp: Date(timeIntervalSince1970: 0), eventId: "x")
        let object = try JSONSerialization.jsonObject(with: LandfallJSON.makeEncoder().encode(event)) as? [String: Any]
        #expect(object?["timestamp"] as? String == "1970-01-01T00:00:00Z")
        #expect(object?["eventId"] as? String == "x")
    }
}
