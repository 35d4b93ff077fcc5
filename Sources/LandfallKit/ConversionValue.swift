import Foundation

/// An install's SKAdNetwork conversion value as the server computed it (the v2 answer of AppsFlyer's SDK-less API).
public struct ConversionValue: Sendable, Hashable, Codable {
    /// The fine value, 0-63.
    public var value: Int
    /// `low`, `medium` or `high`; nil from a v1 answer.
    public var coarseValue: String?
    /// Whether the current postback window is locked (its values no longer change).
    public var lock: Bool
    /// Unix seconds when the next postback window opens (for the last one, when it closes); nil from v1.
    public var nextWindowTime: Int64?
    /// The current postback window: 0, 1 or 2; nil from v1.
    public var postbackSequenceIndex: Int?

    /// Creates a value; each parameter sets the property of the same name.
    public init(value: Int, coarseValue: String? = nil, lock: Bool = false, nextWindowTime: Int64? = nil, postbackSequenceIndex: Int? = nil)
    {
        self.value = value
        self.coarseValue = coarseValue
        self.lock = lock
        self.nextWindowTime = nextWindowTime
        self.postbackSequenceIndex = postbackSequenceIndex
    }

    enum CodingKeys: String, CodingKey {
        case value, lock
        case coarseValue = "coarse_value"
        case nextWindowTime = "next_w_time"
        case postbackSequenceIndex = "postback_sequence_index"
    }

    /// Decodes AppsFlyer's answer (`value`, `coarse_value`, `lock`, `next_w_time`,
    /// `postback_sequence_index`); a v1 answer's missing `lock` reads as false.
    ///
    /// - Parameter decoder: the decoder to read from.
    /// - Throws: `DecodingError` when `value` is missing or a field has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        value = try container.decode(Int.self, forKey: .value)
        coarseValue = try container.decodeIfPresent(String.self, forKey: .coarseValue)
        lock = try container.decodeIfPresent(Bool.self, forKey: .lock) ?? false
        nextWindowTime = try container.decodeIfPresent(Int64.self, forKey: .nextWindowTime)
        postbackSequenceIndex = try container.decodeIfPresent(Int.self, forKey: .postbackSequenceIndex)
    }
}

/// How a conversion-value request carries its signature.
public enum ConversionValueSignatureStyle: String, Sendable, Hashable, CaseIterable {
    /// Seed 004: `af_timestamp` and `af_sig` in the query, over `timestamp + devKey + app_id + uid`.
    case query
    /// AppsFlyer's reference client: `Af-Timestamp` and `Authorization` headers, over `timestamp + app_id + uid`.
    case headers
}

/// Which answer to ask for.
public enum ConversionValueAPIVersion: String, Sendable, Hashable, CaseIterable {
    /// `/api/v1.0/conversion-value`: the fine value only.
    case v1 = "v1.0"
    /// `/api/v2.0/conversion-value`: fine and coarse values, lock, window.
    case v2 = "v2.0"
}
