#!/usr/bin/env bash
# Proves the README's quick start: `npm start` builds the web app, then serves it and the API,
# and the server process runs on the Node the project pins, whatever Node the machine has.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/postgres-cluster.sh # free_port

port=$(free_port)
data_dir=$(mktemp -d /tmp/ultimate-bikes-start.XXXXXX)
log="$data_dir/npm-start.log"
# Its own process group, so npm, its shell and the server stop together.
PORT=$port DATA_DIR=$data_dir LOG_LEVEL=warn setsid npm start >"$log" 2>&1 &
group=$!
trap 'kill -TERM -- -$group 2>/dev/null || true; sleep 1; rm -rf "$data_dir"' EXIT

fetch_text() {
  node -e 'fetch(process.argv[1]).then(async (r) => { if (!r.ok) process.exit(1); console.log(await r.text()); }, () => process.exit(1))' "$1"
}

for _ in $(seq 1 120); do
  if health=$(fetch_text "http://127.0.0.1:$port/api/health" 2>/dev/null); then break; fi
  if ! kill -0 "$group" 2>/dev/null; then
    echo "npm start exited before serving:" >&2
    cat "$log" >&2
    exit 1
  fi
  sleep 0.5
done
[[ "${health:-}" == *'"status":"ok"'* ]] || { echo "no healthy answer from npm start:" >&2; cat "$log" >&2; exit 1; }
fetch_text "http://127.0.0.1:$port/" | grep -q '<div id="root">' ||
  { echo "npm start did not serve the web app" >&2; exit 1; }

# npm's shell carries the same command line: the server is the process whose program is a node.
server_node=/nonexistent
for pid in $(pgrep -g "$group" -f 'apps/server/src/main.ts'); do
  server_node=$(readlink "/proc/$pid/exe")
  [[ "$server_node" == */node ]] && break
done
served_by=$("$server_node" --version 2>/dev/null || echo "an unknown program")
pinned=v$(node -p 'require("./package.json").dependencies.node')
if [ "$served_by" != "$pinned" ]; then
  echo "npm start served on Node $served_by, not the pinned $pinned" >&2
  exit 1
fi
# The machine's own Node: the first on PATH once npm's node_modules/.bin entries are left out.
system_path=$(tr ':' '\n' <<<"$PATH" | grep -v '/node_modules/\.bin$' | paste -sd:)
system_node=$(PATH=$system_path node --version 2>/dev/null || echo none)
echo "npm start served the app and the API on Node $served_by (system Node: $system_node)"
