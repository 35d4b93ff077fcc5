import Foundation
import LandfallBench

/// The `landfall` executable the lab starts servers from.
///
/// The lab measures the product as an operator runs it, so it starts the shipped binary rather than
/// a server of its own: SwiftPM builds `landfall` into the same directory as `landfall-lab` (the lab
/// target lists it), and `LANDFALL_BINARY` names another one, as it does for the tests.
enum ProductBinary {
    static func landfall(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> URL {
        if let path = environment["LANDFALL_BINARY"], !path.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: path) else {
                throw BenchFailure("LANDFALL_BINARY is \(path), which is no executable")
            }
            return URL(fileURLWithPath: path)
        }
        guard let binary = Executables.sibling(named: "landfall") else {
            throw BenchFailure(
                "no landfall executable next to \(Executables.currentExecutableDirectory.path); "
                    + "build it (swift build --product landfall-lab builds both) or set LANDFALL_BINARY"
            )
        }
        return binary
    }
}
