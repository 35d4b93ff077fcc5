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
