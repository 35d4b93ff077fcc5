import Foundation
import SQLKit

extension SQLStorage {
    public func insertWebhookEndpoint(_ endpoint: WebhookEndpointRecord) async throws {
        defer { catalogChanged() }
        let types = try encodeJSON(endpoint.eventTypes)
        try await provider.write { database in
            try await database.raw(
                """
                INSERT INTO webhook_endpoints (id, app_id, url, description, event_types, is_enabled, disabled_reason, secret,
                    previous_secret, previous_secret_expires_at, created_at, updated_at)
                VALUES (\(bind: endpoint.id), \(bind: endpoint.appId), \(bind: endpoint.url), \(bind: endpoint.description), \(bind: types),
                    \(bind: endpoint.isEnabled), \(bind: endpoint.disabledReason), \(bind: endpoint.secret), \(bind: endpoint.previousSecret),
                    \(bind: endpoint.previousSecretExpiresAt?.epochMilliseconds), \(bind: endpoint.createdAt.epochMilliseconds),
                    \(bind: endpoint.updatedAt.epochMilliseconds))
                """
            ).run()
            try await moveSharedCatalogRevision(database)
        }
    }

    public func updateWebhookEndpoint(_ endpoint: WebhookEndpointRecord) async throws {
        // Publishers cache which endpoints an app has; an edit must reach them at once.
        defer { catalogChanged() }
        let types = try encodeJSON(endpoint.eventTypes)
        try await provider.write { database in
            try await database.raw(
                """
                UPDATE webhook_endpoints SET url = \(bind: endpoint.url), description = \(bind: endpoint.description),
                    event_types = \(bind: types), is_enabled = \(bind: endpoint.isEnabled), disabled_reason = \(bind: endpoint.disabledReason),
                    secret = \(bind: endpoint.secret), previous_secret = \(bind: endpoint.previousSecret),
                    previous_secret_expires_at = \(bind: endpoint.previousSecretExpiresAt?.epochMilliseconds),
                    updated_at = \(bind: endpoint.updatedAt.epochMilliseconds)
                WHERE id = \(bind: endpoint.id) AND app_id = \(bind: endpoint.appId)
                """
            ).run()
            try await moveSharedCatalogRevision(database)
        }
    }

    public func webhookEndpoint(id: String, appId: String) async throws -> WebhookEndpointRecord? {
        try await provider.read { database in
            try await database.raw("SELECT * FROM webhook_endpoints WHERE id = \(bind: id) AND app_id = \(bind: appId)")
                .first().map(decodeWebhookEndpoint)
        }
    }

    public func webhookEndpoints(appId: String) async throws -> [WebhookEndpointRecord] {
        try await provider.read { database in
            try await database.raw("SELECT * FROM webhook_endpoints WHERE app_id = \(bind: appId) ORDER BY created_at, id")
                .all().map(decodeWebhookEndpoint)
        }
    }

    public func deleteWebhookEndpoint(id: String, appId: String) async throws -> Bool {
        defer { catalogChanged() }
        return try await provider.write { database in
            try await moveSharedCatalogRevision(database)
            return
                !(try await database.raw("DELETE FROM webhook_endpoints WHERE id = \(bind: id) AND app_id = \(bind: appId) RETURNING id")
                .all())
                .isEmpty
        }
    }

    @discardableResult
    public func enqueueWebhookMessages(_ messages: [WebhookMessageRecord], retryWindow: TimeInterval) async throws -> Int {
        guard !messages.isEmpty else { return 0 }
        return try await provider.transaction { database in
            var endpointsByApp: [String: [WebhookEndpointRecord]] = [:]
            var created = 0
            for message in messages {
                if endpointsByApp[message.appId] == nil {
                    endpointsByApp[message.appId] = try await database.raw(
                        """
                        SELECT * FROM webhook_endpoints WHERE app_id = \(bind: message.appId) AND is_enabled ORDER BY created_at, id
                        """
                    ).all().map(decodeWebhookEndpoint)
                }
                let targets = (endpointsByApp[message.appId] ?? []).filter { $0.subscribes(to: message.type) }
                guard !targets.isEmpty else { continue }
                let inserted = try await database.raw(
                    """
                    INSERT INTO webhook_messages (id, app_id, type, payload, created_at)
                    VALUES (\(bind: message.id), \(bind: message.appId), \(bind: message.type), \(bind: message.payload),
                        \(bind: message.createdAt.epochMilliseconds))
                    ON CONFLICT (id) DO NOTHING RETURNING id
                    """
                ).all()
                // Already stored: this fact was published before (a retried request), and its deliveries exist.
                guard !inserted.isEmpty else { continue }
                let due = message.createdAt.epochMilliseconds
                let deadline = message.createdAt.addingTimeInterval(retryWindow).epochMilliseconds
                for endpoint in targets {
                    try await database.raw(
                        """
                        INSERT INTO webhook_deliveries (id, app_id, message_id, endpoint_id, message_type, status, attempts, next_attempt_at,
                            deadline_at, created_at)
                        VALUES (\(bind: "dlv_" + UUID().uuidString.lowercased()), \(bind: message.appId), \(bind: message.id),
                            \(bind: endpoint.id), \(bind: message.type), 'pending', 0, \(bind: due), \(bind: deadline), \(bind: due))
                        """
                    ).run()
                    created += 1
                }
            }
            return created
        }
    }

    public func insertLeasedWebhookDelivery(_ message: WebhookMessageRecord, endpointId: String, leaseUntil: Date, deadline: Date)
        async throws -> WebhookClaim?
    {
        let leaseId = UUID().uuidString.lowercased()
        let delivery = WebhookDeliveryRecord(
            id: "dlv_" + UUID().uuidString.lowercased(), appId: message.appId, messageId: message.id, endpointId: endpointId,
            messageType: message.type, status: .pending, attempts: 0, nextAttemptAt: message.createdAt, deadlineAt: deadline,
            lastAttemptAt: nil, lastStatusCode: nil, lastError: nil, createdAt: message.createdAt
        )
        return try await provider.transaction { database in
            guard
                let endpoint = try await database.raw(
                    "SELECT * FROM webhook_endpoints WHERE id = \(bind: endpointId) AND app_id = \(bind: message.appId)"
                ).first().map(decodeWebhookEndpoint)
            else { return nil }
            try await database.raw(
                """
                INSERT INTO webhook_messages (id, app_id, type, payload, created_at)
                VALUES (\(bind: message.id), \(bind: message.appId), \(bind: message.type), \(bind: message.payload),
                    \(bind: message.createdAt.epochMilliseconds))
                """
            ).run()
            try await database.raw(
                """
                INSERT INTO webhook_deliveries (id, app_id, message_id, endpoint_id, message_type, status, attempts, next_attempt_at,
                    deadline_at, created_at, lease_id, lease_expires_at)
                VALUES (\(bind: delivery.id), \(bind: delivery.appId), \(bind: message.id), \(bind: endpointId), \(bind: message.type),
                    'pending', 0, \(bind: delivery.nextAttemptAt.epochMilliseconds), \(bind: deadline.epochMilliseconds),
                    \(bind: delivery.createdAt.epochMilliseconds), \(bind: leaseId), \(bind: leaseUntil.epochMilliseconds))
                """
            ).run()
            return WebhookClaim(delivery: delivery, message: message, endpoint: endpoint, leaseId: leaseId)
        }
    }

    public func claimWebhookDeliveries(now: Date, leaseUntil: Date, limit: Int) async throws -> [WebhookClaim] {
        let leaseId = UUID().uuidString.lowercased()
        let at = now.epochMilliseconds
        // PostgreSQL: rows another server is claiming right now are skipped, not waited for, and a
        // row claimed and committed meanwhile fails the re-checked lease condition. SQLite runs
        // one writer at a time, so the statement alone is atomic.
        let locking: SQLQueryString = engine == .postgres ? "FOR UPDATE OF d SKIP LOCKED" : ""
        let claimed = try await provider.write { database in
            try await database.raw(
                """
                UPDATE webhook_deliveries SET lease_id = \(bind: leaseId), lease_expires_at = \(bind: leaseUntil.epochMilliseconds)
                WHERE id IN (
                    SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
                    WHERE d.status = 'pending' AND d.next_attempt_at <= \(bind: at)
                        AND (d.lease_expires_at IS NULL OR d.lease_expires_at <= \(bind: at)) AND e.is_enabled
                    ORDER BY d.next_attempt_at LIMIT \(bind: limit) \(locking))
                RETURNING id
                """
            ).all().map { try $0.decode(column: "id", as: String.self) }
        }
        guard !claimed.isEmpty else { return [] }
        return try await provider.read { database in
            let deliveries = try await database.raw(
                "SELECT * FROM webhook_deliveries WHERE id IN (\(binds: claimed)) ORDER BY next_attempt_at, id"
            )
            .all().map(decodeWebhookDelivery)
            let messages = try await database.raw(
                "SELECT * FROM webhook_messages WHERE id IN (\(binds: Array(Set(deliveries.map(\.messageId)))))"
            ).all().map(decodeWebhookMessage)
            let endpoints = try await database.raw(
                "SELECT * FROM webhook_endpoints WHERE id IN (\(binds: Array(Set(deliveries.map(\.endpointId)))))"
            ).all().map(decodeWebhookEndpoint)
            let messageById = Dictionary(messages.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            let endpointById = Dictionary(endpoints.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            return deliveries.compactMap { delivery in
                guard let message = messageById[delivery.messageId], let endpoint = endpointById[delivery.endpointId] else { return nil }
                return WebhookClaim(delivery: delivery, message: message, endpoint: endpoint, leaseId: leaseId)
            }
        }
    }

    @discardableResult
    public func recordWebhookAttempt(_ attempt: WebhookAttemptRecord, claim: WebhookClaim, result: WebhookAttemptResult) async throws
        -> Bool
    {
        let (status, next): (WebhookDeliveryRecord.Status, Date) =
            switch result {
            case .succeeded: (.succeeded, attempt.attemptedAt)
            case .retry(let date): (.pending, date)
            case .failed, .disableEndpoint: (.failed, attempt.attemptedAt)
            }
        let changed = try await provider.transaction { database in
            let updated = try await database.raw(
                """
                UPDATE webhook_deliveries SET status = \(bind: status.rawValue), attempts = attempts + 1,
                    next_attempt_at = \(bind: next.epochMilliseconds), last_attempt_at = \(bind: attempt.attemptedAt.epochMilliseconds),
                    last_status_code = \(bind: attempt.statusCode), last_error = \(bind: attempt.error), lease_id = NULL, lease_expires_at = NULL
                WHERE id = \(bind: claim.delivery.id) AND lease_id = \(bind: claim.leaseId)
                RETURNING id
                """
            ).all()
            guard !updated.isEmpty else { return false }
            try await database.raw(
                """
                INSERT INTO webhook_attempts (id, delivery_id, attempted_at, status_code, error, duration_ms, response_body)
                VALUES (\(bind: attempt.id), \(bind: attempt.deliveryId), \(bind: attempt.attemptedAt.epochMilliseconds),
                    \(bind: attempt.statusCode), \(bind: attempt.error), \(bind: attempt.durationMilliseconds), \(bind: attempt.responseBody))
                """
            ).run()
            if case .disableEndpoint(let reason) = result {
                try await moveSharedCatalogRevision(database)
                try await database.raw(
                    """
                    UPDATE webhook_endpoints SET is_enabled = \(bind: false), disabled_reason = \(bind: reason),
                        updated_at = \(bind: attempt.attemptedAt.epochMilliseconds)
                    WHERE id = \(bind: claim.endpoint.id)
                    """
                ).run()
            }
            return true
        }
        if case .disableEndpoint = result { catalogChanged() }
        return changed
    }

    public func webhookDeliveries(
        endpointId: String, appId: String, status: WebhookDeliveryRecord.Status?, before: String?, limit: Int
    ) async throws -> [WebhookDeliveryRecord] {
        try await provider.read { database in
            var query: SQLQueryString =
                "SELECT * FROM webhook_deliveries WHERE endpoint_id = \(bind: endpointId) AND app_id = \(bind: appId)"
            if let status { query = query + " AND status = \(bind: status.rawValue)" }
            if let before,
                let cursor = try await database.raw(
                    "SELECT created_at FROM webhook_deliveries WHERE id = \(bind: before) AND endpoint_id = \(bind: endpointId)"
                ).first()
            {
                let createdAt = try cursor.decode(column: "created_at", as: Int64.self)
                query = query + " AND (created_at < \(bind: createdAt) OR (created_at = \(bind: createdAt) AND id < \(bind: before)))"
            }
            query = query + " ORDER BY created_at DESC, id DESC LIMIT \(bind: limit)"
            return try await database.raw(query).all().map(decodeWebhookDelivery)
        }
    }

    public func webhookDelivery(id: String, appId: String) async throws -> WebhookDeliveryRecord? {
        try await provider.read { database in
            try await database.raw("SELECT * FROM webhook_deliveries WHERE id = \(bind: id) AND app_id = \(bind: appId)")
                .first().map(decodeWebhookDelivery)
        }
    }

    public func webhookMessage(id: String, appId: String) async throws -> WebhookMessageRecord? {
        try await provider.read { database in
            try await database.raw("SELECT * FROM webhook_messages WHERE id = \(bind: id) AND app_id = \(bind: appId)")
                .first().map(decodeWebhookMessage)
        }
    }

    public func webhookAttempts(deliveryId: String) async throws -> [WebhookAttemptRecord] {
        try await provider.read { database in
            try await database.raw("SELECT * FROM webhook_attempts WHERE delivery_id = \(bind: deliveryId) ORDER BY attempted_at, id")
                .all().map(decodeWebhookAttempt)
        }
    }

    public func redeliverWebhook(id: String, appId: String, at date: Date, deadline: Date) async throws -> WebhookDeliveryRecord? {
        try await provider.write { database in
            // The lease is left alone: an attempt in flight finishes and records, then this runs again.
            try await database.raw(
                """
                UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = \(bind: date.epochMilliseconds),
                    deadline_at = \(bind: deadline.epochMilliseconds)
                WHERE id = \(bind: id) AND app_id = \(bind: appId)
                RETURNING *
                """
            ).first().map(decodeWebhookDelivery)
        }
    }

    private func decodeWebhookEndpoint(_ row: any SQLRow) throws -> WebhookEndpointRecord {
        let id = try row.decode(column: "id", as: String.self)
        return WebhookEndpointRecord(
            id: id,
            appId: try row.decode(column: "app_id", as: String.self),
            url: try row.decode(column: "url", as: String.self),
            description: try row.decode(column: "description", as: String?.self),
            eventTypes: try decodeJSON(
                [String].self, try row.decode(column: "event_types", as: String.self), what: "webhook endpoint \(id)"),
            isEnabled: try row.decode(column: "is_enabled", as: Bool.self),
            disabledReason: try row.decode(column: "disabled_reason", as: String?.self),
            secret: try row.decode(column: "secret", as: String.self),
            previousSecret: try row.decode(column: "previous_secret", as: String?.self),
            previousSecretExpiresAt: try row.decode(column: "previous_secret_expires_at", as: Int64?.self).map(
                Date.init(epochMilliseconds:)),
            createdAt: Date(epochMilliseconds: try row.decode(column: "created_at", as: Int64.self)),
            updatedAt: Date(epochMilliseconds: try row.decode(column: "updated_at", as: Int64.self))
        )
    }

    private func decodeWebhookMessage(_ row: any SQLRow) throws -> WebhookMessageRecord {
        WebhookMessageRecord(
            id: try row.decode(column: "id", as: String.self),
            appId: try row.decode(column: "app_id", as: String.self),
            type: try row.decode(column: "type", as: String.self),
            payload: try row.decode(column: "payload", as: String.self),
            createdAt: Date(epochMilliseconds: try row.decode(column: "created_at", as: Int64.self))
        )
    }

    private func decodeWebhookDelivery(_ row: any SQLRow) throws -> WebhookDeliveryRecord {
        let id = try row.decode(column: "id", as: String.self)
        let statusText = try row.decode(column: "status", as: String.self)
        guard let status = WebhookDeliveryRecord.Status(rawValue: statusText) else {
            throw StoreError.corruptRecord("webhook delivery \(id): status \(statusText)")
        }
        return WebhookDeliveryRecord(
            id: id,
            appId: try row.decode(column: "app_id", as: String.self),
            messageId: try row.decode(column: "message_id", as: String.self),
            endpointId: try row.decode(column: "endpoint_id", as: String.self),
            messageType: try row.decode(column: "message_type", as: String.self),
            status: status,
            attempts: Int(try row.decode(column: "attempts", as: Int64.self)),
            nextAttemptAt: Date(epochMilliseconds: try row.decode(column: "next_attempt_at", as: Int64.self)),
            deadlineAt: Date(epochMilliseconds: try row.decode(column: "deadline_at", as: Int64.self)),
            lastAttemptAt: try row.decode(column: "last_attempt_at", as: Int64?.self).map(Date.init(epochMilliseconds:)),
            lastStatusCode: try row.decode(column: "last_status_code", as: Int64?.self).map { Int($0) },
            lastError: try row.decode(column: "last_error", as: String?.self),
            createdAt: Date(epochMilliseconds: try row.decode(column: "created_at", as: Int64.self))
        )
    }

    private func decodeWebhookAttempt(_ row: any SQLRow) throws -> WebhookAttemptRecord {
        WebhookAttemptRecord(
            id: try row.decode(column: "id", as: String.self),
            deliveryId: try row.decode(column: "delivery_id", as: String.self),
            attemptedAt: Date(epochMilliseconds: try row.decode(column: "attempted_at", as: Int64.self)),
            statusCode: try row.decode(column: "status_code", as: Int64?.self).map { Int($0) },
            error: try row.decode(column: "error", as: String?.self),
            durationMilliseconds: Int(try row.decode(column: "duration_ms", as: Int64.self)),
            responseBody: try row.decode(column: "response_body", as: String?.self)
        )
    }
}
