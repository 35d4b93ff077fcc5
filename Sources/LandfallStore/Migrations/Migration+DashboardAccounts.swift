extension Migration {
    /// Dashboard accounts: people who sign in with an email and a password, their role in each app,
    /// and their sessions, kept here so that they can be listed and revoked.
    ///
    /// A membership and the sessions go with their user, and a membership with its app. Sessions
    /// store the SHA-256 of the secret the cookie carries, never the secret.
    static let dashboardAccounts = Migration(
        name: "0017_dashboard_accounts",
        statements: [
            """
            CREATE TABLE dashboard_users (
                id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE, password_hash TEXT NOT NULL,
                created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL)
            """,
            """
            CREATE TABLE dashboard_memberships (
                user_id TEXT NOT NULL REFERENCES dashboard_users(id) ON DELETE CASCADE,
                app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                role TEXT NOT NULL, created_at BIGINT NOT NULL,
                PRIMARY KEY (user_id, app_id))
            """,
            "CREATE INDEX dashboard_memberships_app ON dashboard_memberships (app_id, created_at)",
            """
            CREATE TABLE dashboard_sessions (
                id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES dashboard_users(id) ON DELETE CASCADE,
                token_hash TEXT NOT NULL UNIQUE, created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL)
            """,
            "CREATE INDEX dashboard_sessions_user ON dashboard_sessions (user_id, created_at)",
        ]
    )
}
