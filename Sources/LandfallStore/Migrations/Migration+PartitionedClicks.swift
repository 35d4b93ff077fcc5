extension Migration {
    /// On PostgreSQL, `clicks` becomes a table range-partitioned by `clicked_at` into months
    /// (issue 38), converted in place without losing a row; SQLite keeps its one table.
    ///
    /// PostgreSQL wants the partition key in every unique index of a partitioned table, so:
    /// - the primary key becomes `(id, clicked_at)`. Redirect ids are random UUIDs, unique by
    ///   generation; posted clicks (server to server, imports) have ids derived from what was posted,
    ///   and a replay must insert nothing even when its time differs, so their ids are also kept in
    ///   `posted_click_ids`, whose primary key is the id alone (see `insertNewClicks`).
    /// - a token must stay unique across every month (a batch reusing one stores nothing, as
    ///   before), which no index of a partitioned table can promise: a row trigger claims each new
    ///   click's token in `click_tokens` (primary key: the token) and a delete releases it. Lookups
    ///   by token use a plain index on `clicks`.
    ///
    /// Every other index is recreated as it was (read from `pg_indexes` before the swap, so this
    /// stays right whatever earlier migrations left). Months are created from the oldest click's,
    /// but not more than 18 months back (older rows land in the default partition and are folded
    /// away by retention), up to three months ahead; the background `ClickRetentionSweeper` keeps
    /// creating them ahead. The `DEFAULT` partition takes any click no month holds, so an insert
    /// never fails for lack of a partition.
    ///
    /// The conversion copies the table inside the migration's transaction: on a large table, run
    /// `landfall migrate` in a quiet hour (redirects wait for the lock while it runs).
    static let partitionedClicks = Migration(
        name: "0019_partitioned_clicks",
        statements: [],
        postgresStatements: [
            """
            CREATE TABLE posted_click_ids (id TEXT PRIMARY KEY, clicked_at BIGINT NOT NULL)
            """,
            """
            INSERT INTO posted_click_ids (id, clicked_at) SELECT id, clicked_at FROM clicks WHERE received_at IS NOT NULL
            """,
            """
            DO $$
            DECLARE
                definitions text[];
                definition text;
                first_month timestamptz;
                month timestamptz;
            BEGIN
                SELECT coalesce(array_agg(indexdef ORDER BY indexname), '{}') INTO definitions FROM pg_indexes
                WHERE schemaname = current_schema() AND tablename = 'clicks'
                    AND indexname NOT IN ('clicks_pkey', 'clicks_click_token_key');
                ALTER TABLE clicks RENAME TO clicks_unpartitioned;
                CREATE TABLE clicks (LIKE clicks_unpartitioned INCLUDING DEFAULTS) PARTITION BY RANGE (clicked_at);
                SELECT greatest(
                    date_trunc('month', coalesce(to_timestamp(min(clicked_at) / 1000.0), now()), 'UTC'),
                    date_trunc('month', now(), 'UTC') - interval '18 months')
                INTO first_month FROM clicks_unpartitioned;
                month := first_month;
                WHILE month <= date_trunc('month', now(), 'UTC') + interval '3 months' LOOP
                    EXECUTE format(
                        'CREATE TABLE %I PARTITION OF clicks FOR VALUES FROM (%s) TO (%s)',
                        'clicks_p' || to_char(month AT TIME ZONE 'UTC', 'YYYYMM'),
                        (extract(epoch FROM month) * 1000)::bigint,
                        (extract(epoch FROM month + interval '1 month') * 1000)::bigint);
                    month := month + interval '1 month';
                END LOOP;
                CREATE TABLE clicks_default PARTITION OF clicks DEFAULT;
                INSERT INTO clicks SELECT * FROM clicks_unpartitioned;
                DROP TABLE clicks_unpartitioned;
                ALTER TABLE clicks ADD PRIMARY KEY (id, clicked_at);
                CREATE INDEX clicks_token ON clicks (click_token);
                FOREACH definition IN ARRAY definitions LOOP
                    EXECUTE definition;
                END LOOP;
            END
            $$
            """,
            "CREATE TABLE click_tokens (click_token TEXT PRIMARY KEY)",
            "INSERT INTO click_tokens (click_token) SELECT click_token FROM clicks",
            """
            CREATE FUNCTION landfall_claim_click_token() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                INSERT INTO click_tokens (click_token) VALUES (NEW.click_token);
                RETURN NEW;
            END
            $$
            """,
            "CREATE TRIGGER clicks_claim_token BEFORE INSERT ON clicks FOR EACH ROW EXECUTE FUNCTION landfall_claim_click_token()",
            """
            CREATE FUNCTION landfall_release_click_token() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                DELETE FROM click_tokens WHERE click_token = OLD.click_token;
                RETURN OLD;
            END
            $$
            """,
            "CREATE TRIGGER clicks_release_token AFTER DELETE ON clicks FOR EACH ROW EXECUTE FUNCTION landfall_release_click_token()",
        ]
    )
}
