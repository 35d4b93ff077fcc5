import LandfallSimulator
import Testing

@Suite("End to end")
struct EndToEndTests {
    @Test("on a small population the engine beats LinkForty's published rule on precision and recall")
    func engineBeatsBaseline() throws {
        let model = PopulationModel(clicksPerDay: 300, days: 3, windowHours: 24)
        let population = PopulationGenerator(model: model, seed: 11).generate()
        let report = DirectSimulation().run(population)
        #expect(report.measuredInstalls > 100)
        let engine = report.engine.tokenless
        let enginePrecision = try #require(engine.precision)
        #expect(enginePrecision > 0.9)

        // The published rule can never reach 70 against an SDK install (no user agent or screen
        // points, so at most 40 + 10 + 10): it attributes nothing, so it has no precision at all.
        let published = report.baselines[0]
        #expect(published.all.attributed == 0)
        #expect(published.tokenless.precision == nil)
        #expect(engine.recall > published.tokenless.recall)

        // The charitable variant (user agent points for the same OS) only ever attributes on a
        // shared /24, which on a population this sparse is nearly always right: its precision is
        // on a par with the engine's here (1.000 against 0.988 with this seed), the engine wins on
        // recall and F1. At 1,000 and 10,000 clicks a day the engine wins on precision too.
        let variant = report.baselines[1]
        #expect(engine.recall > variant.tokenless.recall)
        #expect(engine.f1 > variant.tokenless.f1)

        #expect(report.engine.all.recall >= engine.recall)
        #expect(report.oracle.share >= report.oracle.signalsShare)
    }

    @Test("the text and JSON reports render")
    func reports() throws {
        var plan = SimulationPlan()
        plan.densities = [50]
        plan.windowHours = 24
        plan.days = 2
        let reports = plan.runDirect()
        #expect(TextReport.render(reports[0]).contains("LinkForty Core rule"))
        let json = try SimulationOutput(plan: plan, densities: reports).json()
        #expect(json.contains("\"precision\""))
        #expect(json.contains("\"calibration\""))
    }
}
