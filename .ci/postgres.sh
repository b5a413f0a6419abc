#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster on 127.0.0.1 for the API test suite's second run
# (the API tests run on PGlite, and in CI also on a real PostgreSQL).
# Usage: source .ci/postgres.sh   → exports AIRLOCK_TEST_DATABASE_URL and sets an EXIT trap that stops it.
# Installs Debian `postgresql` when missing (CI runs as root). Port: AIRLOCK_PG_PORT, default 55432.

airlock_pg_start() {
  local bin port dir runas
  if ! ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1; then
    echo "[ci] installing Debian postgresql"
    apt-get update
    apt-get install -y --no-install-recommends postgresql
  fi
  bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
  port="${AIRLOCK_PG_PORT:-55432}"
  dir="$(mktemp -d /tmp/airlock-pg.XXXXXX)"
  runas=()
  if [ "$(id -u)" = 0 ]; then
    # initdb refuses to run as root: the cluster belongs to the postgres user.
    chown postgres "$dir"
    runas=(runuser -u postgres --)
  fi
  "${runas[@]}" "$bin/initdb" -D "$dir/data" -A trust -U postgres >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log"; return 1; }
  "${runas[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null || { cat "$dir/server.log"; return 1; }
  AIRLOCK_PG_DIR="$dir"
  AIRLOCK_PG_BIN="$bin"
  export AIRLOCK_TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
  echo "[ci] PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port ($dir)"
}

airlock_pg_stop() {
  [ -n "${AIRLOCK_PG_DIR:-}" ] || return 0
  local runas=()
  [ "$(id -u)" = 0 ] && runas=(runuser -u postgres --)
  "${runas[@]}" "$AIRLOCK_PG_BIN/pg_ctl" -D "$AIRLOCK_PG_DIR/data" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$AIRLOCK_PG_DIR"
}

if airlock_pg_start; then
  trap airlock_pg_stop EXIT
else
  echo "[ci] PostgreSQL did not start: the API suite's PostgreSQL run will count as failed (scripts/test.mjs)" >&2
fi
