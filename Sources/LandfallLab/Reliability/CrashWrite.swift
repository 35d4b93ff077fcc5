import Foundation
import LandfallBench
import LandfallModels
import LandfallRandom

/// One write the load sends: its request, byte for byte as it is re-sent after a crash, and the
/// identity that makes a retry the same write to the server.
struct CrashWrite: Sendable {
    enum Kind: String, Sendable, CaseIterable, Codable {
        case install, event, link

        var plural: String { rawValue + "s" }
    }

    var kind: Kind
    /// The install key, the event's client id or the link's external user id: what the server
    /// deduplicates a retry by.
    var identity: String
    var path: String
    var bearer: String
    /// The client address the server sees (it runs with `--trust-proxy`), one per load client.
    var forwardedFor: String
    var body: Data
    /// For an event: the install it names and the revenue it carries, which the stored row must hold.
    var installId: String? = nil
    var revenueMicros: Int64? = nil
    var revenueCurrency: String? = nil
    /// For a batch of events: each event as its own write, which is what is acknowledged and checked.
    var parts: [CrashWrite] = []
}

/// Builds the writes of the load: installs as LandfallKit reports them, events for installs that
/// were acknowledged (a third with revenue), and share links created with the app's secret key.
struct CrashWriteFactory: Sendable {
    let keys: CrashSeeding.Keys

    private static let devices: [(userAgent: String, platform: String, version: String, width: Int, height: Int)] = [
        ("Mealtime/4.2.1 CFNetwork/1494.0.7 Darwin/23.4.0", "iOS", "17.4", 1179, 2556),
        ("Mealtime/4.2.1 CFNetwork/1568.100.1 Darwin/24.0.0", "iOS", "18.0", 1290, 2796),
        ("Dalvik/2.1.0 (Linux; U; Android 14; Pixel 8 Build/AP1A.240305.019)", "Android", "14", 1080, 2400),
        ("Dalvik/2.1.0 (Linux; U; Android 13; SM-S911B Build/TP1A.220624.014)", "Android", "13", 1080, 2340),
    ]
    private static let timezones = ["Europe/Paris", "America/New_York", "Asia/Tokyo", "Australia/Sydney"]
    private static let currencies = ["USD", "EUR", "JPY", "GBP"]

    func install(client: Int, using random: inout SplitMix64) throws -> CrashWrite {
        let device = Self.devices[Int(random.next() % UInt64(Self.devices.count))]
        let installKey = UUID().uuidString
        let request = InstallRequest(
            userAgent: device.userAgent, timezone: Self.timezones[Int(random.next() % UInt64(Self.timezones.count))],
            language: "en-US", screenWidth: device.width, screenHeight: device.height, platform: device.platform,
            platformVersion: device.version, appVersion: "4.2.1", sdkName: "LandfallKit", sdkVersion: "0.1.0", installKey: installKey
        )
        return CrashWrite(
            kind: .install, identity: installKey, path: "/api/sdk/v1/install", bearer: keys.publishable,
            forwardedFor: Self.address(client: client), body: try LandfallJSON.makeEncoder().encode(request)
        )
    }

    func event(installId: String, client: Int, using random: inout SplitMix64) throws -> CrashWrite {
        var (write, request) = eventPart(installId: installId, client: client, using: &random)
        write.body = try LandfallJSON.makeEncoder().encode(request)
        return write
    }

    /// An SDK's offline queue flushed in one request (`POST /api/sdk/v1/events`): the server stores
    /// its events in one transaction, so each is checked as if sent alone.
    func eventBatch(installIds: [String], client: Int, using random: inout SplitMix64) throws -> CrashWrite {
        struct Batch: Encodable { var events: [EventRequest] }
        var parts: [CrashWrite] = []
        var requests: [EventRequest] = []
        for installId in installIds {
            var (part, request) = eventPart(installId: installId, client: client, using: &random)
            // Its own body too, so an acknowledged event of a batch can be sent again alone.
            part.body = try LandfallJSON.makeEncoder().encode(request)
            parts.append(part)
            requests.append(request)
        }
        return CrashWrite(
            kind: .event, identity: "batch-" + UUID().uuidString, path: "/api/sdk/v1/events", bearer: keys.publishable,
            forwardedFor: Self.address(client: client), body: try LandfallJSON.makeEncoder().encode(Batch(events: requests)), parts: parts
        )
    }

    private func eventPart(installId: String, client: Int, using random: inout SplitMix64) -> (CrashWrite, EventRequest) {
        let eventId = UUID().uuidString
        var write = CrashWrite(
            kind: .event, identity: eventId, path: "/api/sdk/v1/event", bearer: keys.publishable,
            forwardedFor: Self.address(client: client), body: Data(), installId: installId
        )
        if random.next() % 3 == 0 {
            // Whole cents up to 999.99, sent as a decimal string as LandfallKit does: exact in micros.
            let cents = Int64(random.next() % 99_999) + 1
            let currency = Self.currencies[Int(random.next() % UInt64(Self.currencies.count))]
            write.revenueMicros = cents * 10_000
            write.revenueCurrency = currency
            let amount = "\(cents / 100).\(String(format: "%02lld", cents % 100))"
            return (
                write,
                EventRequest(
                    installId: installId, eventName: "purchase", eventData: ["amount": .string(amount), "currency": .string(currency)],
                    eventId: eventId
                )
            )
        }
        let level = JSONValue.number(Double(random.next() % 50))
        return (write, EventRequest(installId: installId, eventName: "level_complete", eventData: ["level": level], eventId: eventId))
    }

    /// A link per sharing user: the external user id is what makes a re-sent creation find the link
    /// it made before instead of making a second one.
    func link(client: Int) throws -> CrashWrite {
        let sharer = "crash-" + UUID().uuidString
        let options = CreateLinkOptions(
            deepLinkParameters: ["screen": "recipe", "sharer": sharer], title: "Shared recipe", externalUserId: sharer)
        return CrashWrite(
            kind: .link, identity: sharer, path: "/api/sdk/v1/links", bearer: keys.secret,
            forwardedFor: Self.address(client: client), body: try LandfallJSON.makeEncoder().encode(options)
        )
    }

    /// An address per load client, so that per-address limits see several users rather than one.
    static func address(client: Int) -> String {
        "23.\(20 + client / 250).\(client % 250).\(client % 200 + 10)"
    }
}
