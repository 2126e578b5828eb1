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
# ESLint, Stylelint, Prettier (check only), markdownlint, cspell and Redocly.
step "Lint" npm run --silent lint
step "Type check" npx tsc
# Pure logic, no build and no browser: seconds (vitest.config.ts). Its counts
# join the closing line (tests/support/summary-reporter.ts).
export UNIT_TEST_RESULTS=tests/.output/unit-results.json
rm -f "$UNIT_TEST_RESULTS"
step "Unit tests" npx vitest run --reporter=default --reporter=json --outputFile.json="$UNIT_TEST_RESULTS"
# The production build fails on broken links (docusaurus.config.ts).
step "Production build" npx docusaurus build
echo "==> Browser and build tests (Playwright against docusaurus serve, and nginx)"
npx playwright test "$@"
