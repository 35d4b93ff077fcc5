import LandfallSimulator
import Testing

/// The grid states each world's true clicked share beside the one its model learned.
@Suite("The grid's clicked-share truth")
struct GridClickedShareTruthTests {
    @Test("Each platform's learned share comes with the share of its token-less installs that followed a click")
    func truthBesideTheLearnedShare() {
        var grid = SimulationGrid()
        grid.postedDays = 4
        let result = grid.run(SimulationGrid.Cell(name: "half organic", organicShare: 0.5, clicksPerDay: 500))
        #expect(Set(result.trueClickedShare.keys) == ["android", "ios"])
        #expect(Set(result.learnedClickedShare.keys) == Set(result.trueClickedShare.keys))
        for (platform, truth) in result.trueClickedShare {
            // Half the installs are organic; of the rest, a few arrive after their click left the window.
            #expect(truth > 0.35 && truth < 0.55, "\(platform): \(truth)")
        }
        #expect(grid.run(SimulationGrid.Cell(name: "defaults", clicksPerDay: 500), learning: false).trueClickedShare.isEmpty)
    }
}

/// The grid checks whether each learned model, held at the true share, says it back.
@Suite("The grid's mixture check")
struct GridMixtureCheckTests {
    @Test("Each platform's check holds probabilities, the truth it was held at, and parts that each stay below the whole")
    func mixtureAtTruth() throws {
        var grid = SimulationGrid()
        grid.postedDays = 4
        let result = grid.run(SimulationGrid.Cell(name: "half organic", organicShare: 0.5, clicksPerDay: 500))
        #expect(Set(result.mixtureAtTruth.keys) == ["android", "ios"])
        for (platform, check) in result.mixtureAtTruth {
            #expect(check.truth == result.trueClickedShare[platform], "\(platform)")
            for value in [check.unclicked, check.clicked, check.implied] { #expect(value > 0 && value < 1, "\(platform)") }
            // An install that followed a click shows more evidence of one than an install that did not.
            #expect(check.clicked > check.unclicked, "\(platform)")
            // The mean over all lies between the two kinds' means, weighed by the truth.
            let weighed = check.truth * check.clicked + (1 - check.truth) * check.unclicked
            #expect(abs(check.implied - weighed) < 1e-9, "\(platform)")
            // The probability only grows with the evidence, so no part alone exceeds the whole.
            for part in [check.unclickedFromNetwork, check.unclickedFromSignature, check.unclickedFromUnfetched] {
                #expect(part >= 0 && part <= check.unclicked + 1e-9, "\(platform)")
            }
            // The organic installs' weight per window click is the mean of what their probability
            // was computed from, so the probability at that mean weight is at least the mean
            // probability (the probability is concave in the weight).
            let weight = check.unclickedWeightPerClick
            #expect([weight.network, weight.signature, weight.unfetched].allSatisfy { $0 >= 0 }, "\(platform)")
            #expect(abs(weight.total - (weight.network + weight.signature + weight.unfetched)) < 1e-12, "\(platform)")
            let atMean = check.truth * weight.total / (check.truth * weight.total + 1 - check.truth)
            #expect(atMean >= check.unclicked - 1e-9, "\(platform)")
            // A click found on the install's network is one of the clicks found at all.
            #expect(check.trueReachByNetwork > 0 && check.trueReachByNetwork <= check.trueReach && check.trueReach <= 1, "\(platform)")
            for modelled in [check.modelReach, check.modelReachByNetwork, check.modelSignaturePersistence] {
                #expect(modelled > 0 && modelled < 1, "\(platform)")
            }
            // The network's persistence by delay, in the fit's bands and in their order: one person
            // keeps a network more often right after the click than later, in truth and in the model.
            let bands = check.networkByDelay
            #expect(bands.map(\.band) == MixtureCheck.delayBands.map(\.name).filter { name in bands.contains { $0.band == name } })
            #expect(bands.allSatisfy { $0.installs > 0 && $0.trueAgreement >= 0 && $0.trueAgreement <= 1 }, "\(platform)")
            if let first = bands.first, let last = bands.last, first.band != last.band {
                #expect(first.trueAgreement > last.trueAgreement && first.modelPersistence > last.modelPersistence, "\(platform)")
            }
        }
        #expect(grid.run(SimulationGrid.Cell(name: "defaults", clicksPerDay: 500), learning: false).mixtureAtTruth.isEmpty)
    }
}
