import Foundation
import LandfallModels
import Testing

@testable import LandfallServer

/// The byte-level fast paths answer exactly what Foundation and Unicode's properties answer.
@Suite struct TextTrimmingTests {
    static let samples: [String] = [
        "", " ", "\t", "\n", "\r\n", "purchase", " purchase", "purchase ", "\tpurchase\n", "19.99", " 19.99 ", "a b", "\u{A0}x",
        "x\u{A0}", "\u{2003}em space\u{2003}", "\u{3000}ideographic\u{3000}", "\u{85}next line", "line\u{2028}", "e\u{301}", "e\u{301} ",
        "🚀", " 🚀 ", "\u{B}vertical tab", "form feed\u{C}", "\u{1C}file separator", "x\u{FEFF}", "\u{200B}zero width", "!", "~",
    ]

    @Test(arguments: [false, true])
    func trimmingMatchesFoundation(_ newlines: Bool) {
        let characters: CharacterSet = newlines ? .whitespacesAndNewlines : .whitespaces
        for sample in Self.samples {
            #expect(
                sample.trimmingWhitespace(newlines: newlines) == sample.trimmingCharacters(in: characters),
                "\(sample.unicodeScalars.map(\.value))")
        }
    }

    @Test func controlCharactersMatchUnicodeProperties() {
        let extra = [
            "tab\there", "bell\u{7}", "delete\u{7F}", "c1\u{80}", "c1\u{9F}", "no-break\u{A0}", "soft\u{AD}hyphen", "plain text", "",
        ]
        for sample in Self.samples + extra {
            let expected = !sample.unicodeScalars.contains { $0.properties.generalCategory == .control }
            #expect(sample.hasNoControlCharacters == expected, "\(sample.unicodeScalars.map(\.value))")
        }
    }

    @Test func anEventsAnswerIsTheTextJSONEncoderWrites() throws {
        let encoder = LandfallJSON.makeEncoder()
        for duplicate in [false, true] {
            let response = EventResponse(eventId: "evt_0123456789abcdef", duplicate: duplicate)
            #expect(response.json.compactJSON == String(decoding: try encoder.encode(response), as: UTF8.self))
        }
        let batch = [EventResponse(eventId: "evt_a", duplicate: false), EventResponse(eventId: "evt_b", duplicate: true)]
        #expect(
            JSONValue.object(["events": .array(batch.map(\.json))]).compactJSON
                == String(decoding: try encoder.encode(["events": batch]), as: UTF8.self))
    }
}
