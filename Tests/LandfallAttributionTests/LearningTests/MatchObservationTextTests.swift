import Foundation
import Testing
@testable import LandfallAttribution

@Suite("Match observation text")
struct MatchObservationTextTests {
    @Test("An observation survives its stored text")
    func roundTrip() {
        var synthetic = SyntheticObservations(clickedShare: 0.7, seed: 4)
        synthetic.tokenShare = 0.5
        for _ in 0..<200 {
            var observation = synthetic.next().observation
            observation.shares.deviceModel = nil
            if let first = observation.candidates.indices.first { observation.candidates[first].sameDevice = true }
            #expect(MatchObservation(text: observation.text) == observation)
        }
    }

    @Test("The clicks carrying a network are kept, with or without those carrying a signature")
    func carriedCountsRoundTrip() {
        for signature in [nil, 40] as [Int?] {
            let shares = InstallShares(ip: 2.5 / 801, floor: 0.5 / 1_001, signatureCarried: signature, networkCarried: 800)
            let observation = MatchObservation(platform: .android, window: 3600, clickCount: 1_000, shares: shares, candidates: [])
            #expect(MatchObservation(text: observation.text) == observation)
        }
        // Lines written before networks were counted still read.
        let older = MatchObservation(text: "1|ios|10|1|-|_,_,_,_,_,_,_,_,_,0.5,7|")
        #expect(older?.shares.signatureCarried == 7)
        #expect(older?.shares.networkCarried == nil)
    }

    @Test("An install with no candidate is stored too: it is evidence for organic")
    func emptyCandidates() {
        let observation = MatchObservation(platform: .ios, window: 3600, clickCount: 0, shares: InstallShares(floor: 0.5), candidates: [])
        #expect(MatchObservation(text: observation.text) == observation)
    }

    @Test(
        "Text it did not write reads as nothing",
        arguments: [
            "", "2|ios|1|1|-|_,_,_,_,_,_,_,_,_,0.5|", "1|ios|0|1|-|_,_,_,_,_,_,_,_,_,0.5|", "1|ios|10|1|3|_,_,_,_,_,_,_,_,_,0.5|",
            "1|ios|10|1|-|_,_,_,_,_,_,_,_,_,7|", "1|ios|10|1|-|_,_,_,_,_,_,_,_,_,0.5|1,1111119,0,0", "1|nope|10|1|-|_,_,_,_,_,_,_,_,_,0.5|",
            "1|ios|10|1|-|_,_,_,_,_,_,_,_,_,0.5|1,111111,0,9", "1|ios|10|1|-|_,_,_,_,_,_,_,_,_,0.5,-3|",
            "1|ios|10|1|-|_,_,_,_,_,_,_,_,_,0.5,7,7,7|", "1|ios|10|1|-|_,_,_,_,_,_,_,_,_,0.5,7,-1|",
            "1|ios|10|1|-|_,_,_,_,_,_,_,_,_,0.5,_,x|",
        ])
    func rejectsForeignText(text: String) {
        #expect(MatchObservation(text: text) == nil)
    }
}
