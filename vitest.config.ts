import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = [
  { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
  { find: /^@contracts$/, replacement: fileURLToPath(new URL('./contracts/index.ts', import.meta.url)) },
];

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}', 'contracts/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['server/**/*.test.ts'],
          globalSetup: ['server/test-support/global-setup.ts'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
