#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server (Debian's packages) on 127.0.0.1 for the data-layer tests
# and prints its TEST_DATABASE_URL. The role is not a superuser, as on a managed server.
# Usage: eval "$(scripts/postgres-test-server.sh start)"; scripts/postgres-test-server.sh stop
set -euo pipefail
PORT="${PGTEST_PORT:-55432}"
DIR="${PGTEST_DIR:-/tmp/sefer-pgtest}"
BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
[ -n "$BIN" ] || { echo "PostgreSQL is not installed (apt-get install postgresql postgresql-contrib)" >&2; exit 1; }
as_pg() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi; }
case "${1:-start}" in
  start)
    if [ ! -f "$DIR/PG_VERSION" ]; then
      mkdir -p "$DIR"; [ "$(id -u)" = 0 ] && chown postgres:postgres "$DIR"
      as_pg "'$BIN/initdb' -D '$DIR' -A trust -U postgres >/dev/null"
    fi
    if ! as_pg "'$BIN/pg_ctl' -D '$DIR' status" >/dev/null 2>&1; then
      as_pg "'$BIN/pg_ctl' -D '$DIR' -l '$DIR/server.log' -w -o \"-c listen_addresses=127.0.0.1 -p $PORT -k /tmp -c fsync=off -c full_page_writes=off\" start" >/dev/null
    fi
    as_pg "'$BIN/psql' -h 127.0.0.1 -p $PORT -U postgres -tAc \"select 1 from pg_roles where rolname='sefer'\" | grep -q 1 || '$BIN/psql' -h 127.0.0.1 -p $PORT -U postgres -qc \"create role sefer login password 'sefer' createdb\"" >&2
    echo "export TEST_DATABASE_URL=postgres://sefer:sefer@127.0.0.1:$PORT/postgres"
    ;;
  stop)
    as_pg "'$BIN/pg_ctl' -D '$DIR' -m fast stop" >/dev/null 2>&1 || true
    ;;
esac
