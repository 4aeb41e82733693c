-- Evidence type codes of spec section 9 (1 to 5), so every kind of preserved record lives in one table, on one
-- log, with one certificate: 1 data uploaded on the web, 2 process (screen-recorded session), 3 web capture,
-- 4 mobile evidence recorded by the app, 5 data uploaded by the app. Lists select one type each.
ALTER TABLE evidence ADD COLUMN type smallint NOT NULL DEFAULT 1 CHECK (type BETWEEN 1 AND 5);
UPDATE evidence SET type = 5 WHERE is_app;
CREATE INDEX evidence_owner_type_idx ON evidence (user_id, type, created_at DESC, id DESC) WHERE deleted_at IS NULL;
-- What the notarisation detail and the collection lists show of a capture without reading its bundle:
-- the recorded length (process and mobile evidence) and the captured address (web evidence).
ALTER TABLE evidence ADD COLUMN duration_seconds integer CHECK (duration_seconds >= 0);
ALTER TABLE evidence ADD COLUMN source_url text;
