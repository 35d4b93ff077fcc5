extension Migration {
    /// Per-app attribution models: each install keeps what the engine saw of it (shares,
    /// agreements and delays, no signal values), and a background fit stores each app and
    /// platform's learned parameters.
    static let attributionModels = Migration(
        name: "0016_attribution_models",
        statements: [
            "ALTER TABLE installs ADD COLUMN match_observation TEXT",
            """
            CREATE TABLE attribution_models (
                app_id TEXT NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                platform TEXT NOT NULL,
                parameters TEXT NOT NULL,
                fitted_at BIGINT NOT NULL,
                installs_at_fit BIGINT NOT NULL,
                PRIMARY KEY (app_id, platform)
            )
            """,
        ]
    )
}
