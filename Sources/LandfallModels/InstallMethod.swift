/// How an install was attributed: the value of an install's `method` as stored, in the API, and in
/// webhooks. The raw values are the wire and database encodings and never change.
public enum InstallMethod: String, Codable, Sendable, Hashable, CaseIterable {
    /// The install carried the click's token: certain.
    case deterministic = "deterministic"
    /// Matched to a click on device signals, with a calibrated probability at or above the threshold.
    case probabilistic = "probabilistic"
    /// No click explains the install well enough.
    case organic = "organic"

    /// Whether the install was credited to a click (anything but organic).
    public var isAttributed: Bool { self != .organic }
}
