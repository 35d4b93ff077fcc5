/// LandfallKit, the client SDK, builds on the wire types of LandfallModels; apps importing
/// LandfallKit get them without a second import.
///
/// Start with ``LandfallClient`` (or its shared instance ``Landfall/shared``) and a
/// ``LandfallConfiguration``.
@_exported import LandfallModels

/// The SDK's name and version as sent in install reports (`sdkName`, `sdkVersion`).
public enum LandfallSDK {
    /// `LandfallKit`: the install report's `sdkName` and the first part of the `User-Agent` header.
    public static let name = "LandfallKit"
    /// The SDK's semantic version: the install report's `sdkVersion`, also sent in the `User-Agent` header.
    public static let version = "0.1.0"
}
