extension PopulationModel {
    /// Which world the defaults describe.
    public enum Preset: String, Sendable, Hashable, CaseIterable, Codable {
        /// As hard as real traffic: concentrated devices and locales, carrier-grade NAT and IPv6
        /// per phone, VPNs and Private Relay, long delays, several links per person, pages that
        /// never report back. The default.
        case hard
        /// The first simulator's kinder world, kept to compare against.
        case easy
    }

    /// The hard population's values. Each one, with its public source (or "estimate" where no
    /// public number exists), is listed in `docs/simulator.md`.
    mutating func applyHardDefaults() {
        repeatClickProbability = 0.3
        otherLinkProbability = 0.2
        otherLinkGapMedian = 86_400
        otherLinkGapSigma = 1.2
        quickInstallShare = 0.5
        quickDelayMedian = 180
        quickDelaySigma = 0.8
        slowDelayMedian = 6 * 3600
        slowDelaySigma = 2.0
        householdJoinProbability = 0.08
        iOSInAppShare = 0.35
        androidInAppShare = 0.3
        beaconFailureShare = 0.15
        androidLanguageMismatchShare = 0.03
        osUpdatePerDay = 0.015
        timezoneChangeShare = 0.01
        homeWiFiShare = 0.42
        cellularShare = 0.43
        officeWiFiShare = 0.1
        publicWiFiShare = 0.05
        officeZipfExponent = 1.05
        venueZipfExponent = 0.9
        cellularUnroutableShare = 0.15
        cellularStickiness = 0.85
        cellularStickinessTime = 15 * 60
        privateRelayShare = 0.2
        vpnShare = 0.05
        homeIPv6Share = 0.45
        sameNetworkWithinMinutes = 0.7
        sameNetworkWithinHours = 0.45
        sameNetworkLater = 0.35
        countries = Geography.audience(.national)
    }
}
