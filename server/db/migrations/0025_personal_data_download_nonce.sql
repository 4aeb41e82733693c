-- A copy of one's personal data downloads only in its owner's session: the page asks, with the session, for a
-- link that lives a minute and works once. link_nonce is the secret of the one link currently handed out (a new
-- request replaces it; the download clears it in the same statement that checks it, so a link is used once).
ALTER TABLE personal_data_exports ADD COLUMN link_nonce text;
