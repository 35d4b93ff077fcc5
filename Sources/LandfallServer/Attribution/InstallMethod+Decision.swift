import LandfallAttribution
import LandfallModels

extension InstallMethod {
    /// The stored method for the engine's answer: the one place the engine's `AttributionDecision.Method`
    /// becomes the `InstallMethod` installs are stored, served and published with.
    init(_ method: AttributionDecision.Method) {
        switch method {
        case .deterministic: self = .deterministic
        case .probabilistic: self = .probabilistic
        case .organic: self = .organic
        }
    }
}
