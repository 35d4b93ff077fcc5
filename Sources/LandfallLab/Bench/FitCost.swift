import ArgumentParser
import Foundation
import LandfallAttribution
import LandfallBench
import LandfallServer
import LandfallSimulator
import LandfallStore
import LandfallSynthetic
import Logging
import Synchronization

/// `landfall-lab fit-cost`: what the attribution model's background fit costs on an app with a long
/// history: its clicks and installs seeded in a SQLite file, the install observations taken from a
/// simulated population run through the engine as the server runs it, then the server's own
/// `AttributionModelService.refit` timed, with the memory it adds.
struct FitCost: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fit-cost",
        abstract: "Time and memory of the attribution model fit for an app with many clicks and installs (SQLite)."
    )

    @Option(help: "Clicks of the app in its window")
    var clicks = 1_000_000

    @Option(help: "Installs of the app, each with a stored observation")
    var installs = 100_000

    @Option(help: "Refits timed (the median is reported)")
    var rounds = 3

    @Option(help: "Seed of the simulated population the observations come from")
    var seed: UInt64 = 7

    func validate() throws {
        guard (1_000...50_000_000).contains(clicks) else { throw ValidationError("--clicks must be 1000-50000000") }
        guard (100...10_000_000).contains(installs) else { throw ValidationError("--installs must be 100-10000000") }
        guard (1...20).contains(rounds) else { throw ValidationError("--rounds must be 1-20") }
    }

    func run() async throws {
        let logger = {
            var logger = Logger(label: "landfall.fit-cost")
            logger.logLevel = .warning
            return logger
        }()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-fit-cost-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let location = DatabaseLocation.sqlite(path: directory.appendingPathComponent("fit.sqlite").path)

        let observations = Self.observations(seed: seed)
        print("observations from a simulated population (seed \(seed)): \(observations.count) distinct installs")
        let seeding = BenchSeeding(location: location, logger: logger)
        let app = try await seeding.prepare(links: 1_000)
        try await seeding.addClicks(1..<(clicks + 1), app: app, links: 1_000, networks: max(1_000, clicks / 20))
        let installs = self.installs
        try await StorageFactory.withStorage(at: location, logger: logger) { storage, _ in
            let now = Date()
            try await SyntheticData(storage: storage).insertInstalls(
                appId: app.appId, count: installs, observations: observations, period: now.addingTimeInterval(-30 * 86_400)...now)
            try await SyntheticData(storage: storage).checkpoint()
        }
        print("seeded \(clicks) clicks and \(installs) installs")

        let rounds = self.rounds
        let measured = try await StorageFactory.withStorage(at: location, logger: logger) { storage, _ in
            let schedule = AttributionModelService.Schedule()
            var queries: [Double] = []
            var rowsRead = 0
            for _ in 0..<max(5, rounds) {
                let started = ContinuousClock.now
                rowsRead = 0
                for platform in DevicePlatform.allCases {
                    rowsRead += try await storage.matchObservations(
                        appId: app.appId, platform: platform.rawValue, limit: schedule.maximumObservations
                    ).count
                }
                queries.append((ContinuousClock.now - started).seconds)
            }
            var fits: [Double] = []
            var added: [UInt64] = []
            for _ in 0..<rounds {
                let service = AttributionModelService(
                    storage: storage, base: AttributionConfiguration(), schedule: schedule, cache: AttributionModelCache(),
                    logger: logger, now: { Date() })
                Self.resetPeakMemory()
                let before = try ProcessSampler.sample(pid: getpid())
                let started = ContinuousClock.now
                try await service.refit(appId: app.appId, installs: installs)
                fits.append((ContinuousClock.now - started).seconds)
                let after = try ProcessSampler.sample(pid: getpid())
                added.append(after.peakResidentBytes > before.residentBytes ? after.peakResidentBytes - before.residentBytes : 0)
            }
            let models = try await storage.attributionModels(appId: app.appId)
            return (
                queries: queries, fits: fits, added: added, models: models.count, read: rowsRead, perPlatform: schedule.maximumObservations
            )
        }
        let median = { (values: [Double]) in values.sorted()[values.count / 2] }
        let addedMB = Double(measured.added.sorted()[measured.added.count / 2]) / 1_048_576
        print(
            """
            fit cost, \(clicks) clicks and \(installs) installs of one app (SQLite), \(rounds) refits:
              read: \(measured.read) observations (the newest \(measured.perPlatform) of each platform at most), \(String(format: "%.1f", median(measured.queries) * 1000)) ms (median of \(measured.queries.count))
              refit (read, fit and store both platforms): \(String(format: "%.2f", median(measured.fits))) s median (\(measured.fits.map { String(format: "%.2f", $0) }.joined(separator: ", ")))
              memory the refit adds at its peak: \(String(format: "%.1f", addedMB)) MB (median)
              models stored: \(measured.models)
            """)
    }

    /// The observations the server would have stored for a simulated app's installs.
    static func observations(seed: UInt64) -> [(platform: String, text: String)] {
        var grid = SimulationGrid()
        grid.seed = seed
        let population = grid.population(of: SimulationGrid.cells[0])
        let collected = Mutex<[(platform: String, text: String)]>([])
        var simulation = DirectSimulation()
        simulation.trace = { trace in
            guard let observation = trace.observation else { return }
            collected.withLock { $0.append((observation.platform.rawValue, observation.text)) }
        }
        _ = simulation.run(population)
        return collected.withLock { $0 }
    }

    /// Resets `VmHWM` to the current resident size (Linux), so the next peak is the refit's own.
    static func resetPeakMemory() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }
}

extension Duration {
    fileprivate var seconds: Double {
        let (whole, fraction) = components
        return Double(whole) + Double(fraction) / 1e18
    }
}
