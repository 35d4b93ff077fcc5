/// LandfallKit, the client SDK, builds on the wire types of LandfallModels; apps importing
/// LandfallKit get them without a second import.
///
/// Start with ``LandfallClient`` (or its shared instance ``Landfall/shared``) and a
/// ``LandfallConfiguration``.
@_exported import LandfallModels

/// The SDK's name and version as sent in install reports (`sdkName`, `sdkVersion`).
public enum LandfallSDK {
    /// `LandfallKit`.
    public static let name = "LandfallKit"
    /// The SDK version.
    public static let version = "0.1.0"
}
