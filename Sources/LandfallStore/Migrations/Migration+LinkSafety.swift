extension Migration {
    /// Link safety: the owner's state and the domain lists' stored verdict on each link, and the lists.
    ///
    /// `scope` is an app id or `*` for the deployment-wide list; entries of a deleted app go with it
    /// in `deleteApp`, as `*` leaves no room for a foreign key.
    static let linkSafety = Migration(
        name: "0010_link_safety",
        statements: [
            "ALTER TABLE links ADD COLUMN safety TEXT NOT NULL DEFAULT 'allow'",
            "ALTER TABLE links ADD COLUMN domain_safety TEXT NOT NULL DEFAULT 'allow'",
            """
            CREATE TABLE safety_domains (
                scope TEXT NOT NULL, domain TEXT NOT NULL, state TEXT NOT NULL, note TEXT, created_at BIGINT NOT NULL,
                PRIMARY KEY (scope, domain))
            """,
        ]
    )
}
