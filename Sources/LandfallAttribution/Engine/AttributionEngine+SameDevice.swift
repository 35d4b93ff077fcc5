extension AttributionEngine {
    /// The probability mass of clicks outside the best click's group that are probably the same
    /// person on another network (a re-click from cellular, another link days earlier): a click
    /// agreeing with the install on OS version, screen, model, time zone and language is the same
    /// person with odds `otherClicksPerPerson` against the strangers expected to share all of
    /// them, `total × joint share`. Few at low density, many at high, so the credit shrinks as the
    /// app grows instead of being a fixed bonus.
    func sameDeviceElsewhere(
        best: ClickEvidence, bestKey: String, eligible: [ClickEvidence], scores: [Score], install: InstallEvidence,
        weights: FactorWeights, total: Double
    ) -> Double {
        guard let share = weights.deviceAndLocaleShare, Self.sameDevice(best, install) else { return 0 }
        let others = max(0, configuration.otherClicksPerPerson)
        let sameness = others / (others + total * share)
        var mass = 0.0
        for (index, click) in eligible.enumerated() where Self.deviceKey(click) != bestKey && Self.sameDevice(click, install) {
            mass += scores[index].likelihoodRatio * sameness
        }
        return mass
    }

    /// The click agrees with the install on every device and locale signal, all known.
    static func sameDevice(_ click: ClickEvidence, _ install: InstallEvidence) -> Bool {
        guard let clickScreen = click.screen, let installScreen = install.screen, let os = click.osVersion,
              let timezone = click.timezone, let language = click.language, let installLanguage = install.language
        else { return false }
        if let clickModel = click.deviceModel, let installModel = install.deviceModel, clickModel != installModel { return false }
        return os == install.osVersion && timezone == install.timezone && screensAgree(clickScreen, installScreen)
            && LanguageTag.primary(language) == LanguageTag.primary(installLanguage)
    }
}
