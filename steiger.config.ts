import fsd from '@feature-sliced/steiger-plugin';
import { defineConfig } from 'steiger';

export default defineConfig([
  ...fsd.configs.recommended,
  {
    // The four sign-in/sign-up features are each used by one page today, which this rule reads as
    // "merge into the page". DESIGN.md and issue 2 keep them as features on purpose: each is a product
    // action with its own model and tests. The rule only sees references from files it checks, so
    // entities/auth-code (used by all four) must be left out with them, or it would look unused.
    files: [
      './src/features/login-by-password/**',
      './src/features/login-by-code/**',
      './src/features/register/**',
      './src/features/reset-password/**',
      './src/entities/auth-code/**',
    ],
    rules: { 'fsd/insignificant-slice': 'off' },
  },
]);
