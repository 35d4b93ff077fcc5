import Foundation
import Hummingbird
import LandfallAttribution
import LandfallStore
import NIOCore

/// `POST /api/v1/beacon`: the interstitial page reports screen, time zone and language for its click.
///
/// `navigator.sendBeacon` posts a string as `text/plain`, so this endpoint reads the body as JSON
/// whatever its content type says. The click token is the only credential: it is unguessable and
/// only ever given to the page that showed the click.
struct BeaconController: Sendable {
    let recorder: ClickRecorder

    struct Body: Decodable {
        var t: String
        var sw: Int?
        var sh: Int?
        var tz: String?
        var lang: String?
        var touch: Int?
        /// Chromium's `navigator.userAgentData` high-entropy values, where the browser has them.
        var pv: String?
        var model: String?
    }

    func register(on router: Router<LandfallRequestContext>) {
        router.post(RouterPath(InterstitialPage.beaconPath), use: receive)
    }

    @Sendable func receive(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: 4096)
        } catch is NIOTooManyBytesError {
            throw RequestDecoding.tooLarge(4096)
        }
        let body = try RequestDecoding.decode(Body.self, from: Data(buffer.readableBytesView))
        guard SecretGenerator.isClickToken(body.t) else {
            throw APIError.validation("t", "is not a click token")
        }
        let signals = ClickSignals(
            screenWidth: try Validate.range(body.sw, "sw", 1...20_000),
            screenHeight: try Validate.range(body.sh, "sh", 1...20_000),
            timezone: try Self.timezone(body.tz),
            language: try Self.language(body.lang),
            // A touch screen behind a "Macintosh" Safari user agent is an iPad in desktop mode.
            platformOverride: (body.touch ?? 0) > 1 ? DevicePlatform.ios.rawValue : nil,
            platformVersion: try Validate.text(body.pv, "pv", max: 32),
            deviceModel: try Validate.text(body.model, "model", max: 64)
        )
        guard try await recorder.applySignals(signals, clickToken: body.t) else {
            throw APIError.notFound("click_not_found", "no click with that token")
        }
        return JSONResponse.noContent()
    }

    /// The engine's own normalisers decide what counts as a time zone or a language, so a value the
    /// page sends is stored exactly as the matcher will read it.
    static func timezone(_ value: String?) throws -> String? {
        guard let value, !value.isEmpty else { return nil }
        guard let zone = TimeZoneName.normalize(value) else {
            throw APIError.validation("tz", "must be an IANA time zone such as Europe/Paris")
        }
        return zone
    }

    static func language(_ value: String?) throws -> String? {
        guard let value, !value.isEmpty else { return nil }
        guard let tag = LanguageTag.normalize(value) else {
            throw APIError.validation("lang", "must be a language tag such as en-US")
        }
        return tag
    }
}
