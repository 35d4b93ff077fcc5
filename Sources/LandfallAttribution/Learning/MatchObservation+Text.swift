import Foundation

extension MatchObservation {
    /// A compact line for storage beside the install: about 20 bytes a candidate, written on the
    /// install's path, so no JSON encoder.
    ///
    /// `1|ios|604800|5231|-|shares|delay,agreements,group,flags;…` with the shares of ip, device
    /// model, OS version, screen, time zone, language, the two pairs, the signature and the floor
    /// (`_` for none), then the clicks carrying a signature and those carrying a network where
    /// they were counted (lines written before that have ten or eleven shares), agreements as six digits in the same factor order
    /// (0 unknown, 1 agrees, 2 differs), flags 1 for same device and 2 for a labelled click the
    /// indexes did not fetch.
    public var text: String {
        var parts: [String] = ["1", platform.rawValue, Self.number(window), String(clickCount), label.map(String.init) ?? "-"]
        let s = shares
        parts.append(
            [s.ip, s.deviceModel, s.osVersion, s.screen, s.timezone, s.language, s.device, s.locale, s.signature, s.floor]
                .map { $0.map(Self.number) ?? "_" }.joined(separator: ",") + Self.carriedFields(s))
        parts.append(
            candidates.map { candidate in
                let agreements = [
                    candidate.ip, candidate.deviceModel, candidate.osVersion, candidate.screen, candidate.timezone, candidate.language,
                ]
                .map { String($0.rawValue) }.joined()
                let flags = (candidate.sameDevice ? 1 : 0) | (candidate.fetched ? 0 : 2)
                return "\(Self.number(candidate.delay)),\(agreements),\(candidate.group),\(flags)"
            }.joined(separator: ";"))
        return parts.joined(separator: "|")
    }

    /// Reads `text`; nil for anything it did not write.
    public init?(text: String) {
        let parts = text.split(separator: "|", omittingEmptySubsequences: false)
        guard parts.count == 7, parts[0] == "1", let platform = DevicePlatform(rawValue: String(parts[1])),
            let window = Double(parts[2]), window > 0, let clickCount = Int(parts[3]), clickCount >= 0
        else { return nil }
        let label: Int?
        if parts[4] == "-" { label = nil } else if let value = Int(parts[4]), value >= 0 { label = value } else { return nil }
        let shareFields = parts[5].split(separator: ",", omittingEmptySubsequences: false)
        guard (10...12).contains(shareFields.count) else { return nil }
        func carried(_ position: Int) -> Int?? {
            guard shareFields.count > position else { return .some(nil) }
            if shareFields[position] == "_" { return .some(nil) }
            guard let carried = Int(shareFields[position]), carried >= 0 else { return nil }
            return .some(carried)
        }
        guard let signatureCarried = carried(10), let networkCarried = carried(11) else { return nil }
        var values: [Double?] = []
        for field in shareFields.prefix(10) {
            if field == "_" { values.append(nil); continue }
            guard let value = Double(field), value.isFinite, value >= 0, value <= 1 else { return nil }
            values.append(value)
        }
        guard let floor = values[9] else { return nil }
        let shares = InstallShares(
            ip: values[0], deviceModel: values[1], osVersion: values[2], screen: values[3], timezone: values[4], language: values[5],
            device: values[6], locale: values[7], signature: values[8], floor: floor, signatureCarried: signatureCarried,
            networkCarried: networkCarried
        )
        var candidates: [Candidate] = []
        if !parts[6].isEmpty {
            for entry in parts[6].split(separator: ";") {
                let fields = entry.split(separator: ",")
                guard fields.count == 4, let delay = Double(fields[0]), delay.isFinite, fields[1].count == 6,
                    let group = Int(fields[2]), group >= 0, let flags = Int(fields[3]), (0...3).contains(flags)
                else { return nil }
                let agreements = fields[1].compactMap { $0.wholeNumberValue.flatMap { Agreement(rawValue: UInt8($0)) } }
                guard agreements.count == 6 else { return nil }
                candidates.append(
                    Candidate(
                        delay: delay, ip: agreements[0], deviceModel: agreements[1], osVersion: agreements[2], screen: agreements[3],
                        timezone: agreements[4], language: agreements[5], group: group, sameDevice: flags & 1 != 0, fetched: flags & 2 == 0
                    ))
            }
        }
        if let label, !candidates.indices.contains(label) { return nil }
        self.init(platform: platform, window: window, clickCount: clickCount, shares: shares, candidates: candidates, label: label)
    }

    /// The clicks carrying a signature, then those carrying a network, where counted (`_` for a
    /// signature's uncounted before a network's count).
    static func carriedFields(_ shares: InstallShares) -> String {
        switch (shares.signatureCarried, shares.networkCarried) {
        case (nil, nil): ""
        case (let signature?, nil): ",\(signature)"
        case (let signature, let network?): ",\(signature.map(String.init) ?? "_"),\(network)"
        }
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
