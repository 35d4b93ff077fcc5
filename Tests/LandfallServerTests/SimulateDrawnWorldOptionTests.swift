import ArgumentParser
import Testing

@testable import landfall

/// `landfall simulate --drawn-worlds` and `--drawn-reset` refuse what they cannot run, naming the option.
@Suite("landfall simulate's drawn-world options")
struct SimulateDrawnWorldOptionTests {
    @Test("Drawn worlds need the grid and 1-100 of them; a reset needs drawn worlds and known groups")
    func refusedCombinations() throws {
        let refused: [([String], String)] = [
            (["--drawn-worlds", "3"], "--drawn-worlds needs --grid"),
            (["--grid", "--drawn-worlds", "0"], "--drawn-worlds must be 1-100"),
            (["--grid", "--drawn-worlds", "101"], "--drawn-worlds must be 1-100"),
            (["--grid", "--drawn-reset", "households"], "--drawn-reset needs --drawn-worlds"),
            (["--grid", "--drawn-worlds", "3", "--drawn-reset", "households,weather"], "no group \"weather\""),
        ]
        for (arguments, message) in refused {
            #expect(throws: (any Error).self, "\(arguments)") {
                _ = try Landfall.parseAsRoot(["simulate"] + arguments)
            }
            let text = Landfall.message(for: Self.error(["simulate"] + arguments))
            #expect(text.contains(message), "\(arguments): \(text)")
        }
        let accepted = try Landfall.parseAsRoot(["simulate", "--grid", "--drawn-worlds", "3", "--drawn-reset", "households, delays"])
        let simulate = try #require(accepted as? Simulate)
        #expect(Set(simulate.drawnResetGroups.map(\.rawValue)) == ["households", "delays"])
    }

    @Test("Uncalibrated posteriors are for the grid's direct runs only")
    func uncalibratedNeedsTheDirectGrid() throws {
        for arguments in [
            ["--uncalibrated"], ["--grid", "--uncalibrated", "--fit-calibration", "--as-posted"],
            ["--grid", "--uncalibrated", "--target", "http://127.0.0.1:9", "--admin-token", "t"],
        ] {
            let text = Landfall.message(for: Self.error(["simulate"] + arguments))
            #expect(text.contains("--uncalibrated needs --grid and direct runs"), "\(arguments): \(text)")
        }
        let accepted = try #require(try Landfall.parseAsRoot(["simulate", "--grid", "--uncalibrated"]) as? Simulate)
        #expect(accepted.uncalibrated)
    }

    private static func error(_ arguments: [String]) -> any Error {
        do {
            _ = try Landfall.parseAsRoot(arguments)
        } catch {
            return error
        }
        return CancellationError()
    }
}
