extension Migration {
    /// Webhook endpoints, the outbox of messages, their per-endpoint deliveries and the attempt log.
    ///
    /// Deliveries carry their own lease (`lease_id`, `lease_expires_at`) so that several servers on
    /// one database can send from the same outbox without sending a delivery twice at once; the
    /// due index serves the claim query.
    static let webhooks = Migration(
        name: "0008_webhooks",
        statements: [
            """
            CREATE TABLE webhook_endpoints (
                id TEXT PRIMARY KEY, app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE, url TEXT NOT NULL,
                description TEXT, event_types TEXT NOT NULL, is_enabled BOOLEAN NOT NULL, disabled_reason TEXT,
                secret TEXT NOT NULL, previous_secret TEXT, previous_secret_expires_at BIGINT,
                created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL)
            """,
            "CREATE INDEX webhook_endpoints_app ON webhook_endpoints (app_id, created_at)",
            """
            CREATE TABLE webhook_messages (
                id TEXT PRIMARY KEY, app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE, type TEXT NOT NULL,
                payload TEXT NOT NULL, created_at BIGINT NOT NULL)
            """,
            "CREATE INDEX webhook_messages_app ON webhook_messages (app_id, created_at)",
            """
            CREATE TABLE webhook_deliveries (
                id TEXT PRIMARY KEY, app_id TEXT NOT NULL,
                message_id TEXT NOT NULL REFERENCES webhook_messages(id) ON DELETE CASCADE,
                endpoint_id TEXT NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
                message_type TEXT NOT NULL, status TEXT NOT NULL, attempts INTEGER NOT NULL,
                next_attempt_at BIGINT NOT NULL, deadline_at BIGINT NOT NULL, lease_id TEXT, lease_expires_at BIGINT,
                last_attempt_at BIGINT, last_status_code INTEGER, last_error TEXT, created_at BIGINT NOT NULL,
                UNIQUE (message_id, endpoint_id))
            """,
            "CREATE INDEX webhook_deliveries_due ON webhook_deliveries (status, next_attempt_at)",
            "CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at, id)",
            """
            CREATE TABLE webhook_attempts (
                id TEXT PRIMARY KEY, delivery_id TEXT NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
                attempted_at BIGINT NOT NULL, status_code INTEGER, error TEXT, duration_ms INTEGER NOT NULL, response_body TEXT)
            """,
            "CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, attempted_at)",
        ]
    )
}
