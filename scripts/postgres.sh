#!/usr/bin/env bash
# Sourced by test.sh: starts a throw-away PostgreSQL cluster on loopback (a free port, trust
# authentication, data in a temporary directory) for the server's PostgreSQL tests, exports
# PARLOUR_TEST_POSTGRES, and stops and removes the cluster when the test command exits.
# Installs Debian's postgresql when it is missing. Where no cluster can be started, the
# PostgreSQL tests print a SKIPPED line instead.

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1; }

parlour_start_postgres() {
  if [[ -z "$(pg_bin)" ]] && command -v apt-get >/dev/null 2>&1; then
    echo "parlour setup: installing postgresql (for the server's tests)" >&2
    local sudo=""
    if [[ $(id -u) != 0 ]]; then sudo="sudo"; fi
    $sudo apt-get update -qq || true
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends postgresql >/dev/null || return 1
  fi
  local bin
  bin=$(pg_bin)
  [[ -n "$bin" ]] || return 1
  PARLOUR_PG_DIR=$(mktemp -d /tmp/parlour-pg.XXXXXX)
  local port
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  # PostgreSQL refuses to run as root: the cluster belongs to the package's postgres user then.
  PARLOUR_PG_RUN=()
  if [[ $(id -u) == 0 ]]; then
    id postgres >/dev/null 2>&1 || return 1
    chown postgres: "$PARLOUR_PG_DIR"
    PARLOUR_PG_RUN=(runuser -u postgres --)
  fi
  PARLOUR_PG_CTL="$bin/pg_ctl"
  "${PARLOUR_PG_RUN[@]}" "$bin/initdb" -D "$PARLOUR_PG_DIR/data" -A trust -U parlour >/dev/null || return 1
  "${PARLOUR_PG_RUN[@]}" "$bin/pg_ctl" -D "$PARLOUR_PG_DIR/data" -l "$PARLOUR_PG_DIR/log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $PARLOUR_PG_DIR -c max_connections=200" start >/dev/null || return 1
  "$bin/createdb" -h 127.0.0.1 -p "$port" -U parlour parlour || return 1
  export PARLOUR_TEST_POSTGRES="postgres://parlour@127.0.0.1:$port/parlour"
  echo "parlour setup: a throw-away PostgreSQL on 127.0.0.1:$port for the tests" >&2
}

parlour_stop_postgres() {
  if [[ -n "${PARLOUR_PG_DIR:-}" ]]; then
    "${PARLOUR_PG_RUN[@]}" "$PARLOUR_PG_CTL" -D "$PARLOUR_PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$PARLOUR_PG_DIR"
  fi
}

if ! parlour_start_postgres; then
  echo "parlour setup: no PostgreSQL cluster could be started; its tests will say SKIPPED" >&2
  unset PARLOUR_TEST_POSTGRES
fi
trap parlour_stop_postgres EXIT
