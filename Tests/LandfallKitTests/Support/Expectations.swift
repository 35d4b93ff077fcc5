import Foundation
import LandfallKit

/// The ``LandfallError`` `body` throws, or nil when it throws nothing (or something else).
func landfallError(_ body: () async throws -> some Any) async -> LandfallError? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error as? LandfallError
    }
}

/// Lets a background queue drain finish (and fail, if it does) so that a test's next flush starts
/// from a quiet client.
func settle(_ client: LandfallClient) async {
    _ = try? await client.flush()
}

/// The body of a batch event request.
struct EventBatchBody: Decodable {
    var events: [EventRequest]
}

extension TransportRequest {
    /// The query items of the URL, by name.
    var query: [String: String] {
        var items: [String: String] = [:]
        for item in URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? [] {
            items[item.name] = item.value
        }
        return items
    }

    var bodyText: String { String(decoding: body ?? Data(), as: UTF8.self) }
}
