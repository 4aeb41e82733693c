-- The language a user chose for the server's messages, SMS and e-mail; null follows the browser's Accept-Language
-- and then the default of locales/languages.json. Checked against that list when set, not here: the list may grow.
ALTER TABLE users ADD COLUMN language text;
