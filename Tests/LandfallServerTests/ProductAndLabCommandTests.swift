import ArgumentParser
@testable import LandfallLab
import Testing
@testable import landfall

/// The product and its lab stay apart: the `landfall` an operator installs offers no benchmark or
/// reliability run, and `landfall-lab` offers exactly those.
@Suite("Product and lab commands")
struct ProductAndLabCommandTests {
    @Test func theProductOffersNoLabCommand() {
        let names = Landfall.configuration.subcommands.map { $0._commandName }
        #expect(names.contains("serve"))
        #expect(!names.contains("bench"))
        #expect(!names.contains("reliability"))
        #expect(!names.contains("fit-cost"))
    }

    @Test func theLabOffersTheBenchmarksAndTheReliabilityChecks() {
        #expect(LabCommand.configuration.subcommands.map { $0._commandName } == ["bench", "fit-cost", "reliability"])
    }
}
