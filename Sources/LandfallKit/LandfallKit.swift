/// LandfallKit, the client SDK, builds on the wire types of LandfallModels; apps importing
/// LandfallKit get them without a second import.
@_exported import LandfallModels
