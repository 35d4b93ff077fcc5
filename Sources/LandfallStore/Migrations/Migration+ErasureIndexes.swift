extension Migration {
    /// The lookups a GDPR erasure makes that no index served: a user's share links, and the Branch
    /// devices, Branch sessions and referrals of an install.
    ///
    /// Partial, so that rows without the value (links nobody shared, sessions and referrals without
    /// an install) add no index entry: the redirect and install paths write none of these rows, and
    /// an erasure runs inside a write transaction that must not scan the app's tables while it holds
    /// SQLite's write lock.
    static let erasureIndexes = Migration(
        name: "0011_erasure_indexes",
        statements: [
            "CREATE INDEX links_app_external_user ON links (app_id, external_user_id) WHERE external_user_id IS NOT NULL",
            "CREATE INDEX branch_devices_install ON branch_devices (app_id, install_id) WHERE install_id IS NOT NULL",
            "CREATE INDEX branch_sessions_install ON branch_sessions (app_id, install_id) WHERE install_id IS NOT NULL",
            "CREATE INDEX referrals_install ON referrals (app_id, install_id) WHERE install_id IS NOT NULL",
        ]
    )
}
