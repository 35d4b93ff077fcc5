import LandfallAttribution

extension DirectSimulation {
    /// Factors on which a click agrees with an install, as bits: IP prefix, OS version, screen
    /// bucket, time zone, language. Unknown on either side never agrees.
    static func agreement(_ click: ClickEvidence, _ install: InstallEvidence) -> UInt8 {
        func same(_ a: String?, _ b: String?) -> Bool { a != nil && a == b }
        var bits: UInt8 = 0
        if same(click.ipPrefix, install.ipPrefix) { bits |= 1 }
        if same(click.osVersion, install.osVersion) { bits |= 2 }
        if same(click.screen?.bucket, install.screen?.bucket) { bits |= 4 }
        if same(click.timezone, install.timezone) { bits |= 8 }
        if same(click.language, install.language) { bits |= 16 }
        return bits
    }

    /// The oracle bound's two tests (see `OracleBound`).
    static func identifiability(
        _ install: SimulatedInstall, _ evidence: InstallEvidence, population: SimulatedPopulation, index: ClickIndex, window: Double
    ) -> (bySignals: Bool, withRecency: Bool) {
        let lists = index.allInWindow(
            prefix: evidence.ipPrefix, signature: ClickIndex.signature(of: evidence), platform: evidence.platform,
            now: evidence.reportedAt, window: window
        )
        let person = install.personId
        var truth = lists.prefix.filter { population.clicks[$0].personId == person }
        truth += lists.signature.filter { population.clicks[$0].personId == person && !truth.contains($0) }
        var result = (bySignals: false, withRecency: false)
        for click in truth {
            let agreed = agreement(index.clicks[click], evidence)
            // A rival must agree on everything this click agrees on; if that includes the
            // network it is on the prefix list, otherwise it shares the whole signature.
            let rivals = (agreed & 1 != 0 ? lists.prefix : lists.signature).filter { other in
                population.clicks[other].personId != person && agreement(index.clicks[other], evidence) & agreed == agreed
            }
            if rivals.isEmpty { result.bySignals = true }
            if !rivals.contains(where: { population.clicks[$0].time >= population.clicks[click].time }) { result.withRecency = true }
        }
        return result
    }
}
