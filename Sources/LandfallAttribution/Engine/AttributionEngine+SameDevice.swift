extension AttributionEngine {
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
