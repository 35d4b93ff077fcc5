import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallServer
import Testing

/// Signature vectors: the HMAC itself, both message forms, timestamps in seconds and milliseconds,
/// and every way a request can fail the check; then the same through the routes, with replays.
@Suite("SKAdNetwork conversion-value signatures")
struct ConversionValueSignatureTests {
    static let now = Date(timeIntervalSince1970: 1_603_034_622)

    @Test func theHMACMatchesRFC4231() {
        #expect(
            ConversionSignature.sign("what do ya want for nothing?", devKey: "Jefe")
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        )
    }

    /// Seed-shaped vectors computed independently with Python's hmac; LandfallKit's tests hold the same.
    @Test func seedShapedVectors() {
        let uid = "LYPnL-sdJuSwjg-AQ2GTZehc"
        let query = ConversionSignature.message(.query, timestamp: "1603034622", devKey: "lf_dk_abc", appId: "123456789", uid: uid)
        #expect(ConversionSignature.sign(query, devKey: "lf_dk_abc") == "24fe7bc0cc2ea317b4cab1d81f813f19b12c32d1b1942db2e89ca4f0799cf0a3")
        let header = ConversionSignature.message(.header, timestamp: "1603034622000", devKey: "lf_dk_abc", appId: "id123456789", uid: uid)
        #expect(ConversionSignature.sign(header, devKey: "lf_dk_abc") == "899de759ca65df6d63aed94f2950119abcf9ee82bb3a9973f4d37bd9b3317cc0")
    }

    @Test func theQueryFormSignsTimestampDevKeyAppIdUidAndTheHeaderFormLeavesTheKeyOut() {
        #expect(
            ConversionSignature.message(.query, timestamp: "1603034622", devKey: "KEY", appId: "id123", uid: "U1") == "1603034622KEYid123U1"
        )
        #expect(
            ConversionSignature.message(.header, timestamp: "1603034622000", devKey: "KEY", appId: "id123", uid: "U1")
                == "1603034622000id123U1")
    }

    @Test(arguments: [ConversionSignature.Form.query, .header])
    func aGoodSignatureVerifiesInSecondsAndMilliseconds(_ form: ConversionSignature.Form) {
        for timestamp in ["1603034622", "1603034622000", "1603034500", "1603034900123"] {
            let signature = ConversionSignature.sign(
                ConversionSignature.message(form, timestamp: timestamp, devKey: "dk", appId: "123", uid: "u"), devKey: "dk"
            )
            #expect(
                ConversionSignature.verify(
                    form, signature: signature, timestamp: timestamp, devKey: "dk", appId: "123", uid: "u", now: Self.now) == .valid)
            #expect(
                ConversionSignature.verify(
                    form, signature: signature.uppercased(), timestamp: timestamp, devKey: "dk", appId: "123", uid: "u", now: Self.now)
                    == .valid)
        }
    }

    @Test func aSignatureOverOtherPartsOrKeysFails() {
        let good = ConversionSignature.sign("1603034622dk123u", devKey: "dk")
        let verify = { (signature: String, devKey: String, appId: String, uid: String) in
            ConversionSignature.verify(
                .query, signature: signature, timestamp: "1603034622", devKey: devKey, appId: appId, uid: uid, now: Self.now)
        }
        #expect(verify(good, "dk", "123", "u") == .valid)
        #expect(verify(good, "other", "123", "u") == .invalidSignature)
        #expect(verify(good, "dk", "id123", "u") == .invalidSignature)
        #expect(verify(good, "dk", "123", "v") == .invalidSignature)
        #expect(verify(String(good.dropLast()), "dk", "123", "u") == .invalidSignature)
        #expect(verify(good + "0", "dk", "123", "u") == .invalidSignature)
        #expect(verify("", "dk", "123", "u") == .invalidSignature)
        // The header form's signature is not valid in the query form, and the other way round.
        let header = ConversionSignature.sign("1603034622123u", devKey: "dk")
        #expect(verify(header, "dk", "123", "u") == .invalidSignature)
    }

    @Test func timestampsMoreThanFiveMinutesOffAreStaleOrFuture() {
        func verdict(_ timestamp: String) -> ConversionSignature.Verdict {
            let signature = ConversionSignature.sign(timestamp + "dk" + "123" + "u", devKey: "dk")
            return ConversionSignature.verify(
                .query, signature: signature, timestamp: timestamp, devKey: "dk", appId: "123", uid: "u", now: Self.now)
        }
        #expect(verdict("1603034322") == .valid)
        #expect(verdict("1603034321") == .staleTimestamp)
        #expect(verdict("1603034321999") == .staleTimestamp)
        #expect(verdict("1603034922") == .valid)
        #expect(verdict("1603034923") == .futureTimestamp)
        #expect(verdict("1603034922001") == .futureTimestamp)
    }

    @Test func timestampsParseAsSecondsOrMillisecondsAndNothingElse() {
        #expect(ConversionSignature.date(fromTimestamp: "1603034622") == Self.now)
        #expect(ConversionSignature.date(fromTimestamp: "1603034622000") == Self.now)
        for bad in ["", "-1", "1.5", "16030346220000000", "1e9", " 1603034622", "0x10"] {
            #expect(ConversionSignature.date(fromTimestamp: bad) == nil, "\(bad)")
        }
    }

    // MARK: Through the routes

    @Test(arguments: [ConversionSignature.Form.query, .header])
    func aSignedRequestIsAnsweredOnceAndItsReplayRefused(_ form: ConversionSignature.Form) async throws {
        try await ConversionValueRouteTests.withInstall { server, skan, installId in
            let timestamp = String(Int64(server.clock.now.timeIntervalSince1970 * 1000))
            let request = skan.signed(version: 2, uid: installId, appId: "id\(skan.appStoreId)", timestamp: timestamp, form: form)
            let first = try await server.send(.get, request.path, headers: request.headers)
            #expect(first.status == .ok, "\(first.text)")
            let replay = try await server.send(.get, request.path, headers: request.headers)
            expectAPIError(replay, .unauthorized, code: "replayed_signature")
            // A new timestamp is a new signature.
            server.clock.advance(by: 1)
            let next = skan.signed(
                version: 2, uid: installId, appId: "id\(skan.appStoreId)", timestamp: String(Int64(server.clock.now.timeIntervalSince1970)),
                form: form)
            #expect(try await server.send(.get, next.path, headers: next.headers).status == .ok)
        }
    }

    @Test func badStaleAndFutureSignaturesAnswer401WithTheirCodes() async throws {
        try await ConversionValueRouteTests.withInstall { server, skan, installId in
            let now = Int64(server.clock.now.timeIntervalSince1970)
            var wrong = skan
            wrong.devKey = "lf_dk_notTheKey"
            let bad = wrong.signed(version: 1, uid: installId, appId: skan.appStoreId, timestamp: "\(now)", form: .query)
            expectAPIError(try await server.send(.get, bad.path, headers: bad.headers), .unauthorized, code: "invalid_signature")
            let badHeader = wrong.signed(version: 1, uid: installId, appId: skan.appStoreId, timestamp: "\(now)", form: .header)
            expectAPIError(
                try await server.send(.get, badHeader.path, headers: badHeader.headers), .unauthorized, code: "invalid_signature")
            let stale = skan.signed(version: 1, uid: installId, appId: skan.appStoreId, timestamp: "\(now - 301)", form: .query)
            expectAPIError(try await server.send(.get, stale.path, headers: stale.headers), .unauthorized, code: "stale_timestamp")
            let future = skan.signed(version: 1, uid: installId, appId: skan.appStoreId, timestamp: "\((now + 301) * 1000)", form: .header)
            expectAPIError(try await server.send(.get, future.path, headers: future.headers), .unauthorized, code: "future_timestamp")
            // A request signed for one uid does not pass for another.
            let signed = skan.signed(version: 1, uid: installId, appId: skan.appStoreId, timestamp: "\(now)", form: .query)
            let swapped = signed.path.replacingOccurrences(of: "uid=\(installId)", with: "uid=someone-else")
            expectAPIError(try await server.send(.get, swapped), .unauthorized, code: "invalid_signature")
        }
    }

    @Test func aRotatedDevKeyInvalidatesTheOldOne() async throws {
        try await ConversionValueRouteTests.withInstall { server, skan, installId in
            let rotated = try await server.admin(.post, "/api/apps/\(skan.appId)/skan-dev-key")
            #expect(rotated.status == .created)
            let now = Int64(server.clock.now.timeIntervalSince1970)
            let old = skan.signed(version: 1, uid: installId, appId: skan.appStoreId, timestamp: "\(now)", form: .query)
            expectAPIError(try await server.send(.get, old.path), .unauthorized, code: "invalid_signature")
            var renewed = skan
            renewed.devKey = try #require(try rotated.jsonObject()["devKey"] as? String)
            let fresh = renewed.signed(version: 1, uid: installId, appId: skan.appStoreId, timestamp: "\(now)", form: .query)
            #expect(try await server.send(.get, fresh.path).status == .ok)
        }
    }
}
