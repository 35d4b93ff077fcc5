import AsyncHTTPClient
import Foundation
import LandfallModels
import NIOCore
import NIOHTTP1

/// Sends crash-check writes over HTTP and sorts the answers: acknowledged, in doubt (no answer, or
/// one that asks to come back later), or refused (a sign the load itself is wrong).
struct CrashSender: Sendable {
    let http: HTTPClient
    let baseURL: String

    enum Outcome: Sendable {
        case acknowledged(CrashAnswer)
        case inDoubt(String)
        case refused(String)
    }

    func send(_ write: CrashWrite) async -> Outcome {
        await exchange(write).outcome
    }

    /// One write's answer as the database-restart check looks at it: beside the outcome, the
    /// status (nil when no answer came), what a 503 said, and how long the answer took.
    struct Exchange: Sendable {
        var outcome: Outcome
        var status: Int?
        var retryAfter: String?
        /// The `error.code` of a JSON error body.
        var errorCode: String?
        var sentAt: ContinuousClock.Instant
        var answeredAt: ContinuousClock.Instant
    }

    func exchange(_ write: CrashWrite) async -> Exchange {
        var request = HTTPClientRequest(url: baseURL + write.path)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "Authorization", value: "Bearer \(write.bearer)")
        request.headers.add(name: "X-Forwarded-For", value: write.forwardedFor)
        request.body = .bytes(ByteBuffer(bytes: write.body))
        let sentAt = ContinuousClock.now
        let status: Int
        let body: Data
        let retryAfter: String?
        do {
            let response = try await http.execute(request, timeout: .seconds(30))
            status = Int(response.status.code)
            retryAfter = response.headers.first(name: "Retry-After")
            body = Data(try await response.body.collect(upTo: 1 << 20).readableBytesView)
        } catch {
            return Exchange(outcome: .inDoubt("\(error)"), sentAt: sentAt, answeredAt: .now)
        }
        let answeredAt = ContinuousClock.now
        let outcome: Outcome
        switch status {
        case 200..<300:
            if let answer = Self.answer(write.kind, parts: write.parts, status: status, body: body) {
                outcome = .acknowledged(answer)
            } else {
                outcome = .refused("a \(status) answer without the expected fields: \(String(decoding: body.prefix(300), as: UTF8.self))")
            }
        case 408, 429, 500...:
            // Not stored for certain: the server may have died mid-request, or said to come back later.
            outcome = .inDoubt("\(status)")
        default:
            outcome = .refused("\(status): \(String(decoding: body.prefix(300), as: UTF8.self))")
        }
        struct ErrorBody: Decodable {
            struct Detail: Decodable { var code: String }
            var error: Detail
        }
        let errorCode = status >= 400 ? (try? JSONDecoder().decode(ErrorBody.self, from: body))?.error.code : nil
        return Exchange(
            outcome: outcome, status: status, retryAfter: retryAfter, errorCode: errorCode, sentAt: sentAt, answeredAt: answeredAt)
    }

    private static func answer(_ kind: CrashWrite.Kind, parts: [CrashWrite], status: Int, body: Data) -> CrashAnswer? {
        let decoder = LandfallJSON.makeDecoder()
        switch kind {
        case .install:
            guard let install = try? decoder.decode(InstallResponse.self, from: body) else { return nil }
            // The install endpoint answers a repeated report exactly like the first one.
            return CrashAnswer(status: status, serverId: install.installId, alreadyStored: false)
        case .event where !parts.isEmpty:
            struct Batch: Decodable { var events: [EventResponse] }
            guard let batch = try? decoder.decode(Batch.self, from: body), batch.events.count == parts.count else { return nil }
            let answers = batch.events.map { CrashAnswer(status: status, serverId: $0.eventId, alreadyStored: $0.duplicate) }
            return CrashAnswer(status: status, serverId: "batch", alreadyStored: answers.allSatisfy(\.alreadyStored), parts: answers)
        case .event:
            guard let event = try? decoder.decode(EventResponse.self, from: body) else { return nil }
            return CrashAnswer(status: status, serverId: event.eventId, alreadyStored: event.duplicate)
        case .link:
            guard let link = try? decoder.decode(CreateLinkResult.self, from: body) else { return nil }
            return CrashAnswer(status: status, serverId: link.linkId, shortCode: link.shortCode, alreadyStored: link.deduplicated ?? false)
        }
    }
}
