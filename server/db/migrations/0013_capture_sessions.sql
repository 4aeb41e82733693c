-- Recorded sessions across processes. A session lives in the Chromium of the process that opened
-- it: `holder_url` is that process's INTERNAL_URL, where another process forwards the session's calls.
-- `recording_file_key`: the stopped recording (frames and record, one packed object) in the main file store
-- while its encoding job waits or runs, so any process can encode it; named by the row only while the capture
-- is 'processing' (the orphan sweep collects it afterwards if the job did not delete it).
ALTER TABLE captures ADD COLUMN holder_url text;
ALTER TABLE captures ADD COLUMN recording_file_key text;

-- One open session per user, whichever process opened it: two starts racing on two processes cannot both
-- insert. Any older duplicates (the rule used to be per process) are failed first.
UPDATE captures SET state = 'failed', reason = 'interrupted', finished_at = now()
  WHERE kind = 'process' AND state = 'recording'
    AND id NOT IN (SELECT max(id) FROM captures WHERE kind = 'process' AND state = 'recording' GROUP BY user_id);
CREATE UNIQUE INDEX captures_one_session_idx ON captures (user_id) WHERE kind = 'process' AND state = 'recording';
