#!/usr/bin/env bash
# `npm run test:production`: the README's production layout, tested (issue 27). Checks the systemd
# unit with systemd-analyze, then runs e2e/production/rolling-restart.ts: a throwaway PostgreSQL,
# two instances and nginx with TLS on loopback, restarted one after the other under load.
# Separate from `npm test` (whose 10-minute budget is spent); CI runs both (.ci/run).
# Installs Debian's nginx, postgresql and openssl when missing and we are root; otherwise stops
# and says what to install.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/postgres-cluster.sh

need_packages=()
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || need_packages+=(nginx)
[ -n "$(postgres_bin_dir)" ] || need_packages+=(postgresql)
command -v openssl >/dev/null || need_packages+=(openssl)
if [ ${#need_packages[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing ${need_packages[*]} with apt-get"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need_packages[@]}" >/dev/null
    # Debian's package starts a system nginx on port 80; this test runs its own.
    if command -v systemctl >/dev/null && [ -d /run/systemd/system ]; then
      systemctl disable --now nginx >/dev/null 2>&1 || true
    fi
  else
    echo "The production test needs these Debian packages: ${need_packages[*]}" >&2
    echo "Install them with: sudo apt-get install ${need_packages[*]}" >&2
    exit 1
  fi
fi
export PATH="$PATH:/usr/sbin"

echo "Node $(node --version) at $(command -v node), $(nginx -v 2>&1)"

# The unit as an operator installs it, checked where systemd-analyze exists. It names its release
# folder /opt/ultimate-bikes/current; systemd-analyze insists that ExecStart exists, so the copy
# checked here names this checkout instead (the only change).
unit=deploy/systemd/ultimate-bikes@.service
if command -v systemd-analyze >/dev/null; then
  unit_dir=$(mktemp -d)
  sed "s#/opt/ultimate-bikes/current#$PWD#g" "$unit" >"$unit_dir/ultimate-bikes@.service"
  ln -s ultimate-bikes@.service "$unit_dir/ultimate-bikes@3001.service"
  # --man=no: the unit's Documentation= is a file of the release, not a man page.
  if ! systemd-analyze verify --man=no "$unit_dir/ultimate-bikes@3001.service"; then
    rm -rf "$unit_dir"
    echo "systemd-analyze verify refused $unit" >&2
    exit 1
  fi
  rm -rf "$unit_dir"
  echo "systemd-analyze verify: $unit is valid"
else
  echo "systemd-analyze is not installed: $unit was not checked"
fi

trap stop_test_cluster EXIT
start_test_cluster
ADMIN_DATABASE_URL=$DATABASE_URL_TEST node e2e/production/rolling-restart.ts
