import ArgumentParser

/// `landfall-lab`: what measures Landfall and never ships in it.
///
/// A separate executable so that the `landfall` an operator installs carries no benchmark driver,
/// fuzzer or test corpus. The commands that need a real server process start the `landfall` built
/// beside this one (``ProductBinary``), so they measure the product exactly as it ships.
public struct LabCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "landfall-lab",
        abstract: "Landfall's lab: benchmarks, and the reliability and security checks, run against the landfall beside it.",
        subcommands: [Bench.self, FitCost.self, Reliability.self]
    )

    public init() {}
}
