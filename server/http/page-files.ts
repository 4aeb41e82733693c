/**
 * The names of the prerendered pages of the web build in each language. The default language keeps the plain names
 * (`login/index.html`, `attestation/[param].html`, the app shell `index.html`); another language L has its own
 * beside them (`login/index.L.html`, `attestation/[param].L.html`, `index.L.html`). scripts/prerender/plugin.ts
 * writes them; page-language.ts chooses the one a request gets.
 */
export const pageFileIn = (file: string, language: string, defaultLanguage: string): string =>
  language === defaultLanguage ? file : file.replace(/\.html$/, `.${language}.html`);
