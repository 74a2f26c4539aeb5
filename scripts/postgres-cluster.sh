#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster on a loopback port for the test suites.
#   source scripts/postgres-cluster.sh && start_test_cluster   -> exports DATABASE_URL_TEST
#   stop_test_cluster                                           -> stops it and deletes its files
# Runs the server as the `postgres` user when we are root (PostgreSQL refuses to run as root).

postgres_bin_dir() {
  local found
  found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [ -n "$found" ] && [ -x "$found/initdb" ]; then echo "$found"; return; fi
  found=$(command -v initdb 2>/dev/null) && dirname "$found"
}

as_cluster_owner() {
  # From /: the postgres user may not enter the folder we run in (a clone in a private temp dir).
  if [ "$(id -u)" = 0 ]; then (cd / && su postgres -s /bin/bash -c "$*"); else bash -c "$*"; fi
}

free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

start_test_cluster() {
  local bin
  bin=$(postgres_bin_dir)
  TEST_CLUSTER_DIR=$(mktemp -d /tmp/ultimate-bikes-pg.XXXXXX)
  [ "$(id -u)" = 0 ] && chown postgres:postgres "$TEST_CLUSTER_DIR"
  TEST_CLUSTER_PORT=$(free_port)
  TEST_CLUSTER_BIN=$bin
  as_cluster_owner "'$bin/initdb' -D '$TEST_CLUSTER_DIR/data' -U postgres -A trust --no-sync >'$TEST_CLUSTER_DIR/initdb.log' 2>&1" ||
    { cat "$TEST_CLUSTER_DIR/initdb.log"; return 1; }
  # fsync off: a test cluster trades durability for speed; it is deleted afterwards anyway.
  as_cluster_owner "'$bin/pg_ctl' -D '$TEST_CLUSTER_DIR/data' -l '$TEST_CLUSTER_DIR/server.log' -w -o \"-p $TEST_CLUSTER_PORT -k '$TEST_CLUSTER_DIR' -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200\" start >/dev/null" ||
    { cat "$TEST_CLUSTER_DIR/server.log"; return 1; }
  export DATABASE_URL_TEST="postgres://postgres@127.0.0.1:$TEST_CLUSTER_PORT/postgres"
}

stop_test_cluster() {
  [ -n "${TEST_CLUSTER_DIR:-}" ] || return 0
  as_cluster_owner "'$TEST_CLUSTER_BIN/pg_ctl' -D '$TEST_CLUSTER_DIR/data' -m immediate stop >/dev/null 2>&1" || true
  rm -rf "$TEST_CLUSTER_DIR"
  TEST_CLUSTER_DIR=
}
