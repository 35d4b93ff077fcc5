import Foundation
import HTTPTypes
import LandfallStore

/// The body of `PUT /api/referrals/program`: every field optional, defaults filled in, each checked.
struct ReferralProgramInput: Decodable, Sendable {
    var keyEvent: String?
    var minRevenue: Decimal?
    var revenueCurrency: String?
    var holdHours: Int?
    var maxPerDay: Int?
    var maxPerWeek: Int?
    var registrationWindowHours: Int?
    var velocityPerHour: Int?
    var maxRefereesPerIP: Int?
    var minClickToInstallSeconds: Int?
    var deepLinkPath: String?
    var webUrl: String?
    var publishableKeyMayList: Bool?

    func validated() throws -> ReferralProgram {
        let defaults = ReferralProgram()
        var program = ReferralProgram()
        program.keyEvent = try Validate.text(keyEvent, "keyEvent", max: 128) ?? defaults.keyEvent
        if let minRevenue {
            guard let currency = revenueCurrency?.uppercased(), EventService.currencies.contains(currency) else {
                throw APIError.validation("revenueCurrency", "must be an ISO 4217 code such as USD when minRevenue is set")
            }
            guard minRevenue > 0, minRevenue <= 1_000_000_000 else {
                throw APIError.validation("minRevenue", "must be above 0 and at most 1e9")
            }
            var scaled = minRevenue * 1_000_000
            var whole = Decimal()
            NSDecimalRound(&whole, &scaled, 0, .up)
            program.minRevenueMicros = NSDecimalNumber(decimal: whole).int64Value
            program.revenueCurrency = currency
        } else if revenueCurrency != nil {
            throw APIError.validation("revenueCurrency", "needs minRevenue")
        }
        program.holdHours = try Validate.range(holdHours, "holdHours", 0...8_760) ?? defaults.holdHours
        program.maxPerDay = try Validate.range(maxPerDay, "maxPerDay", 1...100_000)
        program.maxPerWeek = try Validate.range(maxPerWeek, "maxPerWeek", 1...100_000)
        program.registrationWindowHours =
            try Validate.range(registrationWindowHours, "registrationWindowHours", 1...8_760)
            ?? defaults.registrationWindowHours
        program.velocityPerHour = try Validate.range(velocityPerHour, "velocityPerHour", 1...100_000) ?? defaults.velocityPerHour
        program.maxRefereesPerIP = try Validate.range(maxRefereesPerIP, "maxRefereesPerIP", 1...100_000) ?? defaults.maxRefereesPerIP
        program.minClickToInstallSeconds =
            try Validate.range(minClickToInstallSeconds, "minClickToInstallSeconds", 0...3_600)
            ?? defaults.minClickToInstallSeconds
        if let path = try Validate.text(deepLinkPath, "deepLinkPath", max: 512) {
            guard path.hasPrefix("/") else { throw APIError.validation("deepLinkPath", "must start with /") }
            program.deepLinkPath = path
        }
        program.webUrl = try Validate.webURL(webUrl, "webUrl")
        program.publishableKeyMayList = publishableKeyMayList ?? false
        return program
    }
}

/// A program as the API shows it.
struct ReferralProgramView: Encodable, Sendable {
    var appId: String
    var keyEvent: String
    var minRevenue: String?
    var revenueCurrency: String?
    var holdHours: Int
    var maxPerDay: Int?
    var maxPerWeek: Int?
    var registrationWindowHours: Int
    var velocityPerHour: Int
    var maxRefereesPerIP: Int
    var minClickToInstallSeconds: Int
    var deepLinkPath: String?
    var webUrl: String?
    var publishableKeyMayList: Bool
    var createdAt: Date
    var updatedAt: Date

    init(_ record: ReferralProgramRecord) {
        let program = record.program
        appId = record.appId
        keyEvent = program.keyEvent
        minRevenue = program.minRevenueMicros.map(EventService.format(micros:))
        revenueCurrency = program.revenueCurrency
        holdHours = program.holdHours
        maxPerDay = program.maxPerDay
        maxPerWeek = program.maxPerWeek
        registrationWindowHours = program.registrationWindowHours
        velocityPerHour = program.velocityPerHour
        maxRefereesPerIP = program.maxRefereesPerIP
        minClickToInstallSeconds = program.minClickToInstallSeconds
        deepLinkPath = program.deepLinkPath
        webUrl = program.webUrl
        publishableKeyMayList = program.publishableKeyMayList
        createdAt = record.createdAt
        updatedAt = record.updatedAt
    }
}
