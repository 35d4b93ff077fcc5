extension Migration {
    /// Indexes the IP retention sweep needs beyond the time index redirect clicks are swept through.
    ///
    /// A posted click may state a time long before it arrives, behind the sweep's watermark, so
    /// posted clicks still holding a full address are indexed on their own (redirect clicks, with
    /// `received_at` NULL, never enter it: the redirect insert writes no extra index entry). The
    /// daily counts of IPv6 /64 networks are indexed by day so old ones are found without reading
    /// every statistic of an app; the literals must stay as the sweep's queries spell them for
    /// either planner to use these partial indexes ('ip' is the engine's network-prefix factor).
    static let ipRetention = Migration(
        name: "0012_ip_retention",
        statements: [
            """
            CREATE INDEX clicks_posted_full_address ON clicks (app_id, clicked_at)
            WHERE received_at IS NOT NULL AND ip_address IS NOT NULL AND ip_address NOT LIKE '%/%'
            """,
            "CREATE INDEX click_stats_ipv6_networks ON click_stats (app_id, day) WHERE factor = 'ip' AND value LIKE '%/64'",
        ]
    )
}
