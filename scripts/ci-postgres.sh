#!/usr/bin/env bash
# Idempotent: installs Debian's PostgreSQL when missing, starts the cluster on loopback, creates the role
# `evidence` (password `evidence`) and the database `evidence_test`, and prints the DATABASE_URL export line.
# Usage: eval "$(bash scripts/ci-postgres.sh | tail -n 1)" && npx vitest run --project api
set -euo pipefail

SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive

if ! command -v pg_ctlcluster >/dev/null 2>&1 || ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  echo "ci-postgres: installing postgresql" >&2
  $SUDO apt-get update -qq >&2
  $SUDO apt-get install -y -qq --no-install-recommends postgresql >&2
fi

version="$(ls /usr/lib/postgresql | sort -V | tail -n 1)"
if ! pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main"' | grep -q .; then
  $SUDO pg_createcluster "$version" main >&2
fi
if ! pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" && $4 == "online"' | grep -q .; then
  $SUDO pg_ctlcluster "$version" main start >&2
fi

port="$(pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" { print $3 }')"
as_postgres() {
  if [ "$(id -un)" = postgres ]; then "$@"
  elif [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"
  else sudo -u postgres "$@"; fi
}
psql_admin() { as_postgres psql -p "$port" -v ON_ERROR_STOP=1 -qtAX "$@"; }

# Wait until the server accepts connections (start may return before it is ready).
for _ in $(seq 1 30); do psql_admin -c 'select 1' >/dev/null 2>&1 && break; sleep 1; done

if [ "$(psql_admin -c "select 1 from pg_roles where rolname = 'evidence'")" != "1" ]; then
  psql_admin -c "create role evidence login password 'evidence'" >&2
fi
if [ "$(psql_admin -c "select 1 from pg_database where datname = 'evidence_test'")" != "1" ]; then
  psql_admin -c "create database evidence_test owner evidence" >&2
fi

echo "export DATABASE_URL=postgres://evidence:evidence@127.0.0.1:${port}/evidence_test"
