import fsd from '@feature-sliced/steiger-plugin';
import { defineConfig } from 'steiger';

// The plugin's type declarations import `@steiger/toolkit`, a devDependency of the plugin that is not installed,
// so its configs read as an error type; this gives the recommended set the type steiger itself checks.
const recommended = fsd.configs.recommended as Parameters<typeof defineConfig>[0];

// fsd/insignificant-slice reads a slice used by one other slice as "merge them". Each exemption below is a product
// action or a screen part that keeps its own model and tests while one slice shows it; each says why.
export default defineConfig([
  ...recommended,
  {
    // Signing in with a password or a code, registering and resetting the password are each a product action
    // with its own model and tests (DESIGN.md keeps them as features); the login page shows two of them, the
    // register and forget-password pages one each, which this rule reads as "merge into the page".
    files: [
      './src/features/login-by-password/**',
      './src/features/login-by-code/**',
      './src/features/register/**',
      './src/features/reset-password/**',
    ],
    rules: { 'fsd/insignificant-slice': 'off' },
  },
  {
    // Delete and download are product actions with their own models and tests, used by the
    // evidence-table widget only; merging would bury each action's model inside a list widget.
    files: ['./src/features/delete-evidence/**', './src/features/download-evidence/**'],
    rules: { 'fsd/insignificant-slice': 'off' },
  },
  {
    // The notary-table widget is the /notary list with its filters, paging and actions, with its own model and
    // tests; merged into the /notary page it would put a list's whole model inside a page slice.
    files: ['./src/widgets/notary-table/**'],
    rules: { 'fsd/insignificant-slice': 'off' },
  },
  {
    // Reading every notification is a product action with its own model and tests, offered on /notifications.
    // The rule only sees references from files it checks, so entities/notification (used by /notifications and
    // by read-all) is left out with it, or it would look used by one slice.
    files: ['./src/features/read-all/**', './src/entities/notification/**'],
    rules: { 'fsd/insignificant-slice': 'off' },
  },
  {
    // The copy of one's personal data is a product action with its own model (start, progress polling) and
    // tests, offered on /setting.
    files: ['./src/features/export-personal-data/**'],
    rules: { 'fsd/insignificant-slice': 'off' },
  },
  {
    // Recording evidence in the phone's browser is a product action with its own model (device, pieces, chain,
    // offline queue, preservation) and tests; /newMobile shows it on a phone.
    files: ['./src/features/record-mobile/**'],
    rules: { 'fsd/insignificant-slice': 'off' },
  },
]);
