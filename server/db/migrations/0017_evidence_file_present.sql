-- Whether a record's file is in the store, kept in the row so lists do not ask the store once per
-- row. Set when the record is inserted (its file is stored first); cleared when a download finds the object
-- gone, set again when the same bytes are stored anew. NULL: rows from before this migration, not checked yet;
-- the server checks them against the store once at start (server/modules/evidence/file-presence.ts) and, until
-- then, asks the store for them as before.
ALTER TABLE evidence ADD COLUMN file_present boolean;
ALTER TABLE evidence ALTER COLUMN file_present SET DEFAULT true;
CREATE INDEX evidence_file_key_idx ON evidence (file_key);
