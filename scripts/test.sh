#!/usr/bin/env bash
# Everything: typecheck, ESLint, steiger, Prettier, copy checks, unit and model tests, API tests (PGlite, and PostgreSQL
# when TEST_DATABASE_URL is set), the production build, and the browser journeys.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }

step "typecheck"
npx tsc -p tsconfig.app.json
npx tsc -p tsconfig.node.json

step "lint: ESLint (type-aware), steiger (Feature-Sliced Design)"
npx eslint --max-warnings 0 .
npx steiger ./src

step "format: Prettier"
npx prettier --check . --log-level warn

step "copy checks, unit and model tests"
npx vitest run --project web

step "API tests on the embedded database (PGlite)"
env -u DATABASE_URL npx vitest run --project api

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "API tests on PostgreSQL"
  DATABASE_URL="$TEST_DATABASE_URL" npx vitest run --project api
fi

step "production build (with Vite's manifest: the staff console's chunks stay out of public and user pages)"
npx vite build --logLevel warn --manifest
node scripts/check-staff-chunks.mjs
node scripts/check-chunk-cycles.mjs
node scripts/build-server.mjs

step "browser journeys (Playwright on Debian's Chromium)"
npx playwright test
