-- A notification is stored as a copy key and its parameters and rendered when read, in the reader's language of
-- that request. `message_params` is JSON text (a value, or {"key": "ns:key"} for a parameter that is itself a word);
-- text rather than jsonb so the row reads back the same on PGlite and PostgreSQL. Rows written before keep their
-- final `content` and show it as is (message_key NULL); new rows leave `content` empty.
ALTER TABLE notifications ADD COLUMN message_key text;
ALTER TABLE notifications ADD COLUMN message_params text;
