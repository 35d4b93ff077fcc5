-- The database of the erasure measurement in README.md (Privacy): one app with 1,000 links,
-- 10,000 share links of users user-0…user-9999, 1,000,000 clicks over a year, 200,000 installs
-- credited to them, 1,000,000 events and 600,000 webhook messages (every install, two in five events).
--
--   landfall migrate --database sqlite:/tmp/erasure.sqlite
--   sqlite3 /tmp/erasure.sqlite < scripts/erasure-bench.sql
--   landfall privacy erase --database sqlite:/tmp/erasure.sqlite --app bench --install-id install-7
PRAGMA journal_mode=WAL;
BEGIN;
INSERT INTO apps (id, slug, name, settings, created_at, updated_at)
VALUES ('app-bench', 'bench', 'Bench', '{"iosBundleIds":[],"androidSha256CertFingerprints":[],"attributionWindowHours":168}', 0, 0);
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 999)
INSERT INTO links (id, app_id, short_code, is_active, content, created_at, updated_at)
SELECT 'link-' || i, 'app-bench', 'code-' || i, 1, '{"originalUrl":"https://example.com/' || i || '"}', 0, 0 FROM n;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 9999)
INSERT INTO links (id, app_id, short_code, external_user_id, is_active, content, created_at, updated_at)
SELECT 'share-' || i, 'app-bench', 'share-code-' || i, 'user-' || i, 1, '{"originalUrl":"https://example.com/s"}', i * 3000000, i * 3000000 FROM n;
-- 1,000,000 clicks over a year (31,536,000,000 ms): one every 31,536 ms
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 999999)
INSERT INTO clicks (id, app_id, link_id, clicked_at, click_token, ip_address, platform, device_class, is_bot, install_id)
SELECT 'click-' || i, 'app-bench', 'link-' || (i % 1000), i * 31536, 'tok-' || i, '203.0.113.' || (i % 250), 'ios', 'phone', 0,
       CASE WHEN i % 5 = 0 THEN 'install-' || (i / 5) END FROM n;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 199999)
INSERT INTO installs (id, app_id, dedup_key, created_at, fingerprint, platform, method, confidence, matched_factors, click_id, link_id)
SELECT 'install-' || i, 'app-bench', 'dedup-' || i, i * 5 * 31536 + 600000, '{}', 'ios', 'deterministic', 100, '[]', 'click-' || (i * 5), 'link-' || ((i * 5) % 1000) FROM n;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 999999)
INSERT INTO events (id, app_id, install_id, client_event_id, name, data, occurred_at, received_at, sequence)
SELECT 'event-' || i, 'app-bench', 'install-' || (i % 200000), 'ce-' || i, 'purchase', '{}', (i % 200000) * 157680 + 700000 + (i / 200000) * 3600000,
       (i % 200000) * 157680 + 700000 + (i / 200000) * 3600000, i FROM n;
INSERT INTO webhook_endpoints (id, app_id, url, event_types, is_enabled, secret, created_at, updated_at)
VALUES ('endpoint-1', 'app-bench', 'https://hooks.example.com/x', '["*"]', 1, 'whsec', 0, 0);
INSERT INTO webhook_messages (id, app_id, type, payload, created_at)
SELECT 'msg_' || id, 'app-bench', 'install.attributed', '{"data":{"clickId":"' || click_id || '","installId":"' || id || '","method":"deterministic"},"type":"install.attributed"}', created_at FROM installs;
INSERT INTO webhook_messages (id, app_id, type, payload, created_at)
SELECT 'msg_' || id, 'app-bench', 'event.created', '{"data":{"eventId":"' || id || '","installId":"' || install_id || '","name":"purchase"},"type":"event.created"}', received_at
FROM events WHERE CAST(substr(id, 7) AS INTEGER) % 5 < 2;
COMMIT;
ANALYZE;
