#!/usr/bin/env bash
# Everything: typecheck, ESLint, steiger, the import rules (dependency-cruiser), Prettier, copy checks, unit and
# model tests, API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), the production build, and the
# browser journeys.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }

step "typecheck"
npx tsc -p tsconfig.app.json
npx tsc -p tsconfig.node.json

step "lint: ESLint (type-aware), steiger (Feature-Sliced Design), dependency-cruiser (import rules, no circles)"
npx eslint --max-warnings 0 .
npx steiger ./src
npx depcruise server src contracts formats proof --config .dependency-cruiser.mjs

step "format: Prettier"
npx prettier --check . --log-level warn

step "copy checks, unit and model tests"
npx vitest run --project web

if [ -z "${TEST_DATABASE_URL:-}" ]; then
  step "API tests on the embedded database (PGlite)"
  env -u DATABASE_URL npx vitest run --project api
else
  # Side by side: vitest runs one file at a time on two cores, and each suite keeps its files' order and isolation
  # (PGlite in memory, a schema of its own per file on PostgreSQL). Each suite's output is printed when it ends.
  step "API tests on the embedded database (PGlite) and on PostgreSQL, side by side"
  logs="$(mktemp -d)"
  env -u DATABASE_URL npx vitest run --project api >"$logs/pglite.log" 2>&1 &
  pglite=$!
  DATABASE_URL="$TEST_DATABASE_URL" npx vitest run --project api >"$logs/postgres.log" 2>&1 &
  postgres=$!
  pglite_status=0 postgres_status=0
  wait "$pglite" || pglite_status=$?
  printf '\n-- PGlite\n'
  cat "$logs/pglite.log"
  wait "$postgres" || postgres_status=$?
  printf '\n-- PostgreSQL\n'
  cat "$logs/postgres.log"
  rm -rf "$logs"
  if [ "$pglite_status" -ne 0 ] || [ "$postgres_status" -ne 0 ]; then
    echo "API tests failed (PGlite exit $pglite_status, PostgreSQL exit $postgres_status)" >&2
    exit 1
  fi
fi

step "production build (with Vite's manifest: the staff console's chunks stay out of public and user pages)"
npx vite build --logLevel warn --manifest
node scripts/check-staff-chunks.mjs
node scripts/check-chunk-cycles.mjs
node scripts/build-server.mjs

step "browser journeys (Playwright on Debian's Chromium)"
npx playwright test
