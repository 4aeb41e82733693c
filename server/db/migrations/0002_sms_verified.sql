-- A code spent by a successful check (as opposed to one retired by a newer code or expired): once the
-- phone's owner has proved possession, the 60-second resend gate no longer applies to that phone.
ALTER TABLE sms_codes ADD COLUMN verified_at timestamptz;
