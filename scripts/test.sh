#!/usr/bin/env bash
# `npm test`: every check the project has, in the order CI runs them. The last
# line printed is always the summary "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."

step() {
  local name="$1"
  shift
  echo "==> $name"
  if ! "$@"; then
    echo "$name failed."
    echo "0 passed, 1 failed"
    exit 1
  fi
}

# npm puts node_modules/.bin first on PATH, so this is the `node` package of
# devDependencies (Node 24), whatever Node the machine ships.
node_is_supported() {
  local major
  major=$(node -p 'process.versions.node.split(".")[0]')
  echo "Node.js $(node --version)"
  if [ "$major" -lt 24 ]; then
    echo "The project runs on Node 24; run it through npm (npm test) after bash scripts/setup.sh." >&2
    return 1
  fi
}
step "Node.js" node_is_supported
step "Chromium for the browser tests" bash scripts/ensure-chromium.sh
step "Python 3 with requests and Flask for the sample tests" bash scripts/ensure-python.sh
step "nginx with brotli, and wrk, for the production-server tests" bash scripts/ensure-nginx.sh
# Two lanes side by side, one per core: lint then the production build, and
# the type check then the unit tests. Neither lane reads what the other writes
# (lint and tsc skip build/ and .docusaurus/; the unit tests build nothing).
# Each step's output is kept and printed in the usual order once both lanes
# are done; the first step that failed stops the run as before.
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
# Unit test counts join the closing line (tests/support/summary-reporter.ts).
export UNIT_TEST_RESULTS=tests/.output/unit-results.json
rm -f "$UNIT_TEST_RESULTS"
lane() {
  local id
  for id in "$@"; do
    local started=$SECONDS
    case "$id" in
      # ESLint, Stylelint, Prettier (check only), markdownlint, cspell and Redocly.
      lint) npm run --silent lint ;;
      tsc) npx tsc ;;
      # Pure logic, no build and no browser (vitest.config.ts).
      unit) npx vitest run --reporter=default --reporter=json --outputFile.json="$UNIT_TEST_RESULTS" ;;
      # Fails on broken links (docusaurus.config.ts). In CI, a fresh clone that builds once, without
      # Rspack's persistent cache: writing it (about 110 MB) made that build 37 s instead of 31 s.
      build)
        if [ "${CI:-}" = true ]; then
          DOCUSAURUS_NO_PERSISTENT_CACHE=true npx docusaurus build
        else
          npx docusaurus build
        fi
        ;;
    esac >"$logs/$id" 2>&1
    echo $? >"$logs/$id.status"
    echo $((SECONDS - started)) >"$logs/$id.seconds"
    [ "$(cat "$logs/$id.status")" = 0 ] || return 1
  done
}
lane lint build &
lint_lane=$!
lane tsc unit &
tsc_lane=$!
wait "$lint_lane" "$tsc_lane"
for id in lint tsc unit build; do
  case "$id" in
    lint) name="Lint" ;;
    tsc) name="Type check" ;;
    unit) name="Unit tests" ;;
    build) name="Production build" ;;
  esac
  echo "==> $name"
  # A step not run: an earlier step of its lane failed, and that one is reported first.
  [ -f "$logs/$id.status" ] || continue
  cat "$logs/$id"
  if [ "$(cat "$logs/$id.status")" != 0 ]; then
    echo "$name failed."
    echo "0 passed, 1 failed"
    exit 1
  fi
  echo "($name: $(cat "$logs/$id.seconds") s)"
done
echo "==> Browser and build tests (Playwright against docusaurus serve, and nginx)"
npx playwright test "$@"
