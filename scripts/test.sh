#!/usr/bin/env bash
# `npm test`: every suite, on a fresh Debian machine with npm. npm puts the project's own Node 24
# (the `node` package) first on PATH, so everything below runs on it, whatever the system Node is.
# Installs Debian's chromium and postgresql when missing and we are root; otherwise stops and says
# what to install. Never skips a suite.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/postgres-cluster.sh

# Each stage's wall time, printed at the end (also when a stage fails), so a slower suite shows.
stage_names=()
stage_seconds=()
stage=""
stage_started=$SECONDS
end_stage() {
  [ -n "$stage" ] || return 0
  stage_names+=("$stage")
  stage_seconds+=($((SECONDS - stage_started)))
  stage=""
}
print_stage_times() {
  end_stage
  echo
  echo "Stage times:"
  for i in "${!stage_names[@]}"; do
    printf '  %5ss  %s\n' "${stage_seconds[$i]}" "${stage_names[$i]}"
  done
  printf '  %5ss  total\n' "$SECONDS"
}
step() {
  end_stage
  stage="$*"
  stage_started=$SECONDS
  printf '\n\033[1m== %s\033[0m\n' "$*"
}

need_packages=()
[ -x /usr/bin/chromium ] || need_packages+=(chromium)
[ -n "$(postgres_bin_dir)" ] || need_packages+=(postgresql)
if [ ${#need_packages[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    step "Installing ${need_packages[*]} with apt-get"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need_packages[@]}" >/dev/null
  else
    echo "The test suites need these Debian packages: ${need_packages[*]}" >&2
    echo "Install them with: sudo apt-get install ${need_packages[*]}" >&2
    exit 1
  fi
fi

trap print_stage_times EXIT
echo "Node $(node --version) at $(command -v node)"

step "Lint, format and type check (side by side: each uses one core)"
typecheck_log=$(mktemp)
npm run --silent typecheck >"$typecheck_log" 2>&1 &
typecheck=$!
npx eslint . --max-warnings 0
npx prettier --check . --log-level warn
npm run --silent lint:cycles
if ! wait "$typecheck"; then
  cat "$typecheck_log"
  echo "Type check failed" >&2
  exit 1
fi
cat "$typecheck_log"
rm -f "$typecheck_log"

step "Quick start: npm start builds the web app and serves it on the pinned Node"
bash scripts/quick-start-smoke.sh

step "Bundle budget: what Home loads up front, and every chunk, against their budgets"
node scripts/check-bundle-budget.ts

results=$(mktemp)
trap 'stop_test_cluster; rm -f "$results"; print_stage_times' EXIT

step "Start a throwaway PostgreSQL cluster"
start_test_cluster
echo "PostgreSQL on ${DATABASE_URL_TEST}"

step "Unit, component and API tests (SQLite and PostgreSQL)"
# Each file's time is kept in test-results/ (git-ignored; CI keeps it) to see what a run spends.
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json | tee -a "$results"

step "End-to-end tests in Chromium"
npx playwright test --config e2e/playwright.config.ts | tee -a "$results"

# One closing line for every suite together (both runners stop the script above on a failure).
plain=$(sed 's/\x1b\[[0-9;]*m//g' "$results")
unit=$(grep -Eo 'Tests +[0-9]+ passed' <<<"$plain" | grep -Eo '[0-9]+' | tail -n 1)
e2e=$(grep -Eo '^ +[0-9]+ passed' <<<"$plain" | grep -Eo '[0-9]+' | tail -n 1)
echo
echo "Summary: $((unit + e2e)) passed, 0 failed"
