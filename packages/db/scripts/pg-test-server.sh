#!/usr/bin/env bash
# A throwaway PostgreSQL server for the `pg` test suite (and CI).
#
#   pg-test-server.sh start    start it (idempotent) and print its DATABASE_URL on stdout
#   pg-test-server.sh stop     stop it (idempotent)
#   pg-test-server.sh status   exit 0 and print the URL when it runs, exit 1 otherwise
#   pg-test-server.sh destroy  stop it and delete its data folder
#
# Only the URL goes to stdout (`DATABASE_URL=$(pg-test-server.sh start)`); progress goes to stderr.
# Binaries are looked up under /usr/lib/postgresql/<newest>/bin, then on PATH. PostgreSQL refuses to
# run as root, so when run as root the server runs as a system user (default `parvoz-pg`), created on demand.
# Settings (environment): PARVOZ_PG_DIR (data folder, default /tmp/parvoz-pg-test), PARVOZ_PG_PORT
# (default 55432), PARVOZ_PG_USER (the OS user when run as root). The server listens on 127.0.0.1 only,
# trusts local connections and runs with fsync off: it is for tests, never for data you want to keep.
set -euo pipefail

DATA_DIR="${PARVOZ_PG_DIR:-/tmp/parvoz-pg-test}"
PORT="${PARVOZ_PG_PORT:-55432}"
OS_USER="${PARVOZ_PG_USER:-parvoz-pg}"
URL="postgres://postgres@127.0.0.1:${PORT}/postgres"

log() { printf '%s\n' "pg-test-server: $*" >&2; }
die() { log "$*"; exit 1; }

find_bin_dir() {
  local dir
  # Newest major version first.
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k4 -n -r); do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then
      printf '%s\n' "$dir"
      return 0
    fi
  done
  local initdb
  initdb="$(command -v initdb 2>/dev/null || true)"
  if [ -n "$initdb" ] && command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(readlink -f "$initdb")"
    return 0
  fi
  return 1
}

BIN_DIR="$(find_bin_dir)" || die "no PostgreSQL server binaries (initdb, pg_ctl) under /usr/lib/postgresql/*/bin or on PATH; install the Debian package 'postgresql'"

# Run a command as the server's OS user (ourselves unless we are root).
as_server_user() {
  if [ "$(id -u)" -ne 0 ]; then
    "$@"
  elif command -v runuser >/dev/null 2>&1; then
    runuser -u "$OS_USER" -- "$@"
  else
    su -s /bin/sh "$OS_USER" -c "$(printf '%q ' "$@")"
  fi
}

ensure_os_user() {
  [ "$(id -u)" -eq 0 ] || return 0
  if ! id "$OS_USER" >/dev/null 2>&1; then
    log "creating system user $OS_USER"
    useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$OS_USER"
  fi
}

is_running() {
  [ -f "$DATA_DIR/PG_VERSION" ] || return 1
  as_server_user "$BIN_DIR/pg_ctl" -D "$DATA_DIR" status >/dev/null 2>&1
}

wait_for_connections() {
  local i
  if [ -x "$BIN_DIR/pg_isready" ]; then
    for i in $(seq 1 100); do
      "$BIN_DIR/pg_isready" -q -h 127.0.0.1 -p "$PORT" -U postgres && return 0
      sleep 0.1
    done
    die "the server did not accept connections on 127.0.0.1:$PORT; see $DATA_DIR/server.log"
  fi
}

init_cluster() {
  local version
  version="$("$BIN_DIR/postgres" --version | sed -E 's/^[^0-9]*([0-9]+).*/\1/')"
  if [ -f "$DATA_DIR/PG_VERSION" ] && [ "$(cat "$DATA_DIR/PG_VERSION")" = "$version" ]; then
    return 0
  fi
  if [ -e "$DATA_DIR" ]; then
    log "re-initialising $DATA_DIR (missing or made by another PostgreSQL version)"
    rm -rf "$DATA_DIR"
  fi
  mkdir -p "$DATA_DIR"
  chmod 700 "$DATA_DIR"
  [ "$(id -u)" -ne 0 ] || chown "$OS_USER" "$DATA_DIR"
  log "initdb $DATA_DIR (PostgreSQL $version)"
  as_server_user "$BIN_DIR/initdb" -D "$DATA_DIR" -U postgres --auth=trust -E UTF8 --locale=C >/dev/null
  as_server_user sh -c "cat >> '$DATA_DIR/postgresql.conf'" <<EOF

# pg-test-server.sh: a throwaway test server
listen_addresses = '127.0.0.1'
port = $PORT
unix_socket_directories = '$DATA_DIR'
max_connections = 500
shared_buffers = 128MB
fsync = off
synchronous_commit = off
full_page_writes = off
EOF
}

start() {
  ensure_os_user
  if is_running; then
    log "already running ($DATA_DIR)"
    printf '%s\n' "$URL"
    return 0
  fi
  init_cluster
  log "starting on 127.0.0.1:$PORT"
  if ! as_server_user "$BIN_DIR/pg_ctl" -D "$DATA_DIR" -l "$DATA_DIR/server.log" -w -t 60 start >/dev/null; then
    tail -n 20 "$DATA_DIR/server.log" >&2 || true
    die "the server did not start; see $DATA_DIR/server.log"
  fi
  wait_for_connections
  printf '%s\n' "$URL"
}

stop() {
  if ! is_running; then
    log "not running"
    return 0
  fi
  as_server_user "$BIN_DIR/pg_ctl" -D "$DATA_DIR" -m fast -w stop >/dev/null
  log "stopped"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status)
    if is_running; then printf '%s\n' "$URL"; else exit 1; fi
    ;;
  destroy)
    stop
    rm -rf "$DATA_DIR"
    log "removed $DATA_DIR"
    ;;
  *)
    echo "usage: $0 start|stop|status|destroy" >&2
    exit 2
    ;;
esac
