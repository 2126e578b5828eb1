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
# The browser tests serve the site on TEST_SERVER_PORT. Checked first: found busy only when Playwright
# starts its server, the run failed after the build and the other steps (about 3.5 minutes), with
# Playwright's message about `reuseExistingServer`, which names neither the port's variable nor a fix.
test_port_is_free() {
  local port=${TEST_SERVER_PORT:-3210}
  if ! node -e '
    const server = require("node:net").createServer();
    server.once("error", () => process.exit(1));
    server.listen(Number(process.argv[1]), "127.0.0.1", () => server.close());
  ' "$port"; then
    echo "Port $port on 127.0.0.1 is in use, and the browser tests serve the site there (TEST_SERVER_PORT, default 3210)." >&2
    echo "Stop what uses it (the server of a test run still running?), or pick a free port: TEST_SERVER_PORT=3310 npm test" >&2
    return 1
  fi
}
step "Test server port" test_port_is_free
# Lanes side by side on the two cores, each step's output kept and printed in the usual order:
# - Debian's packages the browser tests need (apt-get: mostly download and unpacking), when missing;
# - the production build, which the browser tests need;
# - the unit tests;
# - the type check, then lint (their failures are counted, not fatal: see below).
# All four are done before the browser tests start.
# No lane reads what another writes (lint and tsc skip build/ and .docusaurus/; the unit tests build
# nothing).
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
# Vitest's JSON report: its counts join the closing line.
unit_results=tests/.output/unit-results.json
rm -f "$unit_results"
lane() {
  local id
  for id in "$@"; do
    local started=$SECONDS
    case "$id" in
      chromium) bash scripts/ensure-chromium.sh ;;
      python) bash scripts/ensure-python.sh ;;
      nginx) bash scripts/ensure-nginx.sh ;;
      # ESLint, Stylelint, Prettier (check only), markdownlint, cspell and Redocly.
      lint) npm run --silent lint ;;
      tsc) npx tsc ;;
      # Pure logic, no build and no browser (vitest.config.ts).
      unit) npx vitest run --reporter=default --reporter=json --outputFile.json="$unit_results" ;;
      # Fails on broken links (docusaurus.config.ts). In CI, a fresh clone that builds once, without
      # Rspack's persistent cache: writing it (about 110 MB) made that build 37 s instead of 31 s.
      build)
        if [ "${CI:-}" = true ]; then
          DOCUSAURUS_NO_PERSISTENT_CACHE=true npx docusaurus build
        else
          npx docusaurus build
        fi &&
          # The brotli copies nginx serves (npm run deploy:nginx writes them too), once, before the
          # browser tests' workers start nginx on the build.
          npx tsx plugins/deploy/precompress.ts build
        ;;
    esac >"$logs/$id" 2>&1
    echo $? >"$logs/$id.status"
    echo $((SECONDS - started)) >"$logs/$id.seconds"
    [ "$(cat "$logs/$id.status")" = 0 ] || return 1
  done
}
title() {
  case "$1" in
    chromium) echo "Chromium for the browser tests" ;;
    python) echo "Python 3 with requests and Flask for the sample tests" ;;
    nginx) echo "nginx with brotli, and wrk, for the production-server tests" ;;
    lint) echo "Lint" ;;
    tsc) echo "Type check" ;;
    unit) echo "Unit tests" ;;
    build) echo "Production build" ;;
  esac
}
# Prints each step's output under its title, in the order given; returns 1 at the first that
# failed (a step that never ran follows an earlier failure in its lane, which is reported first).
report() {
  local id name
  for id in "$@"; do
    name=$(title "$id")
    echo "==> $name"
    [ -f "$logs/$id.status" ] || continue
    cat "$logs/$id"
    if [ "$(cat "$logs/$id.status")" != 0 ]; then
      echo "$name failed."
      return 1
    fi
    echo "($name: $(cat "$logs/$id.seconds") s)"
  done
}
lane chromium python nginx &
packages_lane=$!
lane build &
build_lane=$!
lane unit &
unit_lane=$!
# The type check, then lint, beside the build and the unit tests, done before the browser tests
# start: beside the browser tests instead, even at nice 19 in a session of their own, the browser
# tests took 16.9 minutes in CI against 15.0 alone on the same commit. Their failures are counted in
# the closing line rather than stopping the run, so one run reports every broken thing.
lane tsc lint &
checks_lane=$!
wait "$packages_lane" "$build_lane" "$unit_lane"
if ! report chromium python nginx build unit; then
  pkill -P "$checks_lane" 2>/dev/null
  kill "$checks_lane" 2>/dev/null
  echo "0 passed, 1 failed"
  exit 1
fi
wait "$checks_lane"
failed_checks=0
for id in tsc lint; do
  report "$id" || failed_checks=$((failed_checks + 1))
done
echo "==> Browser and build tests (Playwright against docusaurus serve, and nginx)"
npx playwright test "$@" 2>&1 | tee "$logs/playwright"
playwright_status=${PIPESTATUS[0]}

# The closing line, last: the browser tests' counts (Playwright's own closing line), the unit tests'
# (Vitest's report, or one failure without it), and each failed check as one failure.
read -r browser_passed browser_failed browser_skipped < <(
  sed -nE 's/^([0-9]+) passed, ([0-9]+) failed(, ([0-9]+) skipped)?$/\1 \2 \4/p' "$logs/playwright" | tail -n 1
)
if [ -z "${browser_passed:-}" ]; then
  # No closing line: the run itself stopped (web server, global setup or time-out).
  browser_passed=0 browser_failed=1 browser_skipped=0
fi
read -r unit_passed unit_failed unit_skipped < <(
  node -e 'const r = require(process.argv[1]);
    console.log(r.numPassedTests, r.numFailedTests, r.numPendingTests + r.numTodoTests)' "./$unit_results" 2>/dev/null
)
if [ -z "${unit_passed:-}" ]; then
  # No report: Vitest stopped before writing it; the unit step above says why.
  unit_passed=0 unit_failed=1 unit_skipped=0
fi
passed=$((browser_passed + unit_passed))
failed=$((browser_failed + unit_failed + failed_checks))
skipped=$((${browser_skipped:-0} + unit_skipped))
echo "Unit tests (Vitest): $unit_passed passed, $unit_failed failed; browser and build tests (Playwright): $browser_passed passed, $browser_failed failed"
echo "$passed passed, $failed failed$([ "$skipped" -gt 0 ] && echo ", $skipped skipped")"
[ "$playwright_status" = 0 ] && [ "$failed" = 0 ]
