extension Migration {
    /// On PostgreSQL, a click batch claims its tokens in `click_tokens` with one statement instead
    /// of one per click: 0019's row trigger ran a PL/pgSQL function and an `INSERT` for every row
    /// of every batch (a cost measured in docs/benchmarks/journal.md). A statement trigger reads
    /// the batch's new rows from its transition table and claims them together, after the rows are
    /// in: a token already claimed still fails the whole statement, so a batch reusing one stores
    /// nothing, as before. Releases stay row by row (deletes are retention's, off the redirect path).
    ///
    /// Statement triggers fire for statements on `clicks` itself, not on a partition named
    /// directly; nothing inserts into an attached partition by name (a month being made is filled
    /// before it is attached, and claims its tokens itself).
    static let clickTokenClaimsPerBatch = Migration(
        name: "0020_click_token_claims_per_batch",
        statements: [],
        postgresStatements: [
            "DROP TRIGGER clicks_claim_token ON clicks",
            "DROP FUNCTION landfall_claim_click_token()",
            """
            CREATE FUNCTION landfall_claim_click_tokens() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                INSERT INTO click_tokens (click_token) SELECT click_token FROM claimed;
                RETURN NULL;
            END
            $$
            """,
            """
            CREATE TRIGGER clicks_claim_tokens AFTER INSERT ON clicks REFERENCING NEW TABLE AS claimed
            FOR EACH STATEMENT EXECUTE FUNCTION landfall_claim_click_tokens()
            """,
        ]
    )
}
