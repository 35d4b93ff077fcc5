import Foundation

/// JSON coding shared by the server and the SDK.
///
/// Dates go out as ISO 8601 **without** fractional seconds because LinkForty's iOS SDK fails to
/// decode dates that carry them; dates come in with or without fractional seconds.
public enum LandfallJSON {
    /// An encoder that writes camelCase keys and second-precision ISO 8601 dates.
    ///
    /// - Returns: a new encoder with sorted keys and unescaped slashes, so equal values encode to equal bytes.
    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(formatTimestamp(date))
        }
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// A decoder that accepts ISO 8601 dates with or without fractional seconds.
    ///
    /// - Returns: a new decoder whose date fields throw `DecodingError` for anything but ISO 8601 with a zone.
    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = parseTimestamp(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription: "expected an ISO 8601 date such as 2026-01-31T12:00:00Z"
                )
            }
            return date
        }
        return decoder
    }

    /// Formats a date as `2026-01-31T12:00:00Z`.
    ///
    /// - Parameter date: the instant to format; fractional seconds are dropped.
    /// - Returns: ISO 8601 in UTC with a `Z` and no fractional seconds.
    public static func formatTimestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle())
    }

    /// Whether `text` is an ISO 8601 date and time without `Z` or an offset: a local wall-clock time.
    ///
    /// - Parameter text: the timestamp as received, e.g. `2025-12-31T18:12:00.123456`.
    /// - Returns: true only when the text would parse once a `Z` is appended.
    public static func isZonelessTimestamp(_ text: String) -> Bool {
        guard let last = text.last, last.isNumber, text.contains("T"), parseTimestamp(text) == nil else { return false }
        return parseTimestamp(text + "Z") != nil
    }

    /// Parses an ISO 8601 timestamp with or without fractional seconds and with `Z` or an offset.
    ///
    /// - Parameter text: e.g. `2026-01-31T12:00:00Z` or `2026-01-31T13:00:00.250+01:00`.
    /// - Returns: the instant, or nil for any other text (a zoneless time included).
    public static func parseTimestamp(_ text: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: false).parse(text) {
            return date
        }
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    }
}
