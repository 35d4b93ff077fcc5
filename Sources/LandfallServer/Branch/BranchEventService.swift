import Foundation
import HTTPTypes
import LandfallModels
import LandfallStore

/// The body of `POST /v2/event/standard` and `/v2/event/custom`.
struct BranchEventRequest: Decodable, Sendable {
    struct UserData: Decodable, Sendable {
        var os: String?
        var idfa: String?
        var idfv: String?
        var aaid: String?
        var androidId: String?
        var randomizedDeviceToken: BranchText?
        var randomizedBundleToken: BranchText?
        var developerIdentity: String?

        enum CodingKeys: String, CodingKey {
            case os, idfa, idfv, aaid, androidId = "android_id", randomizedDeviceToken = "randomized_device_token"
            case randomizedBundleToken = "randomized_bundle_token", developerIdentity = "developer_identity"
        }
    }

    struct EventData: Decodable, Sendable {
        var revenue: BranchText?
        var currency: String?
        var transactionId: BranchText?

        enum CodingKeys: String, CodingKey {
            case revenue, currency, transactionId = "transaction_id"
        }
    }

    var name: String?
    var branchKey: String?
    var customerEventAlias: String?
    var userData: UserData?
    var eventData: EventData?

    enum CodingKeys: String, CodingKey {
        case name, branchKey = "branch_key", customerEventAlias = "customer_event_alias", userData = "user_data", eventData = "event_data"
    }

    /// Branch's standard events (commerce, content and lifecycle); `/v2/event/standard` takes only these.
    static let standardNames: Set<String> = [
        "ADD_TO_CART", "ADD_TO_WISHLIST", "VIEW_CART", "INITIATE_PURCHASE", "ADD_PAYMENT_INFO", "CLICK_AD", "PURCHASE", "RESERVE",
        "SPEND_CREDITS", "VIEW_AD", "SEARCH", "VIEW_ITEM", "VIEW_ITEMS", "RATE", "SHARE", "INITIATE_STREAM", "COMPLETE_STREAM",
        "COMPLETE_REGISTRATION", "COMPLETE_TUTORIAL", "ACHIEVE_LEVEL", "UNLOCK_ACHIEVEMENT", "INVITE", "LOGIN", "START_TRIAL", "SUBSCRIBE",
        // The iOS SDK's consent events (BranchStandardEventOptIn / OptOut, 3.x).
        "OPT_IN", "OPT_OUT",
    ]
}

/// Maps Branch events onto Landfall events of the install the device last made through `/v1/open`,
/// with `event_data.revenue` and `currency` as the event's exact revenue.
struct BranchEventService: Sendable {
    let storage: any LandfallStorage
    let events: EventService

    func record(_ request: BranchEventRequest, body: Data, standard: Bool, app: AppRecord) async throws -> EventResponse {
        guard let name = try Validate.text(request.name, "name", max: 128, required: true) else {
            throw APIError.validation("name", "is required")
        }
        if standard, !BranchEventRequest.standardNames.contains(name) {
            throw APIError.validation("name", "'\(name)' is not a Branch standard event; send it to /v2/event/custom")
        }
        guard let userData = request.userData else { throw APIError.validation("user_data", "is required") }
        guard let device = try await device(userData, app: app) else {
            throw APIError.notFound("device_not_found", "no device of this app matches user_data; report its session to /v1/open first")
        }
        guard let installId = device.installId else {
            throw APIError.notFound("install_not_found", "the device has no install yet; send /v1/open with first_session true first")
        }
        let transactionId = try Validate.text(request.eventData?.transactionId?.text, "event_data.transaction_id", max: 100)
        var stored: [String: JSONValue] = [:]
        let object = try RequestDecoding.decode([String: JSONValue].self, from: body)
        for key in ["event_data", "custom_data", "content_items", "customer_event_alias"] { stored[key] = object[key] }
        let event = EventRequest(
            installId: installId, eventName: name, eventData: stored,
            // A retried purchase carries the same transaction id: stored once.
            eventId: transactionId.map { "branch:\(name):\($0)" }
        )
        return try await events.record(event, revenue: try revenue(request.eventData), keyedApp: app)
    }

    /// The amount read by ``EventService`` itself, handed over as decimal text so nothing passes
    /// through binary floating point.
    private func revenue(_ data: BranchEventRequest.EventData?) throws -> EventService.Revenue? {
        guard let data, data.revenue != nil || data.currency != nil else { return nil }
        var fields: [String: JSONValue] = [:]
        fields["revenue"] = data.revenue.map { .string($0.text) }
        fields["currency"] = data.currency.map { .string($0) }
        return try EventService.revenue(of: fields, prefix: "event_data")
    }

    /// The device `user_data` names: by its tokens, developer identity, or advertising and vendor ids.
    func device(_ user: BranchEventRequest.UserData, app: AppRecord) async throws -> BranchDeviceRecord? {
        if let token = user.randomizedDeviceToken?.text, let device = try await storage.branchDevice(id: token, appId: app.id) {
            return device
        }
        if let token = user.randomizedBundleToken?.text, let device = try await storage.branchDevice(appId: app.id, bundleToken: token) {
            return device
        }
        var keys: [String] = []
        func add(_ prefix: String, _ value: String?) {
            guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty, value != BranchOpenRequest.zeroId else { return }
            keys.append(prefix + value.lowercased())
        }
        add("hw:", user.idfa)
        add("hw:", user.androidId)
        add("gaid:", user.aaid)
        add("idfv:", user.idfv)
        add("hw:", user.idfv)
        if let device = try await storage.branchDevice(appId: app.id, keys: keys) { return device }
        if let identity = user.developerIdentity { return try await storage.branchDevice(appId: app.id, identity: identity) }
        return nil
    }
}
