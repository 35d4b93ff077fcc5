extension ConversionValueState {
    /// The v1 answer of AppsFlyer's SDK-less API: `{"value":43}`.
    public static func v1Body(_ state: ConversionValueState) -> String { #"{"value":\#(state.fineValue)}"# }

    /// The v2 answer of AppsFlyer's SDK-less API, in its key order (`value` first), which a sorted encoder would not keep.
    public static func v2Body(_ state: ConversionValueState) -> String {
        #"{"value":\#(state.fineValue),"coarse_value":"\#(state.coarseValue.rawValue)","lock":\#(state.locked),"#
            + #""next_w_time":\#(state.nextWindowTime),"postback_sequence_index":\#(state.postbackSequenceIndex)}"#
    }
}
