/// The convenience entry point: one shared client for the app.
///
/// ```swift
/// try await Landfall.shared.start(with: LandfallConfiguration(baseURL: URL(string: "https://go.example.com")!))
/// ```
///
/// Apps that need several clients, or tests, create ``LandfallClient`` instances instead.
public enum Landfall {
    /// The shared client, with the platform's default storage, transport, clock and device info.
    public static let shared = LandfallClient()
}
