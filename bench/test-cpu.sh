#!/usr/bin/env bash
# `npm run bench:test-cpu -- [spec files…]`: where the browser and build tests spend the machine's CPU,
# which is what decides CI's time on two cores (the full run keeps both busy: about 2 % idle). For
# each spec file given (default: every spec file), one Playwright run with CI's settings and no retry,
# then the CPU time the whole machine spent meanwhile (user, system, IRQ, from /proc/stat: Chromium,
# the test workers, the samples and servers they start), the wall time and Playwright's count. The
# first line is a run of no test: the fixed cost of starting Playwright and the site's server, which
# every other line includes once. Needs the production build (`npm run build`). A report, not a test:
# other jobs on the machine count too, so run it alone.
set -uo pipefail
cd "$(dirname "$0")/.."

port=${TEST_SERVER_PORT:-3219}
busy() { awk '/^cpu /{print $2 + $3 + $4 + $7 + $8}' /proc/stat; }
ticks=$(getconf CLK_TCK)
log=$(mktemp)
output=$(mktemp -d)
trap 'rm -rf "$log" "$output"' EXIT

measure() {
  local label=$1
  shift
  local before started
  before=$(busy)
  started=$SECONDS
  CI=true TEST_SERVER_PORT=$port npx playwright test --retries 0 --output "$output" "$@" >"$log" 2>&1
  local status=$?
  local cpu=$((($(busy) - before) / ticks))
  local summary
  summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
  printf '%6s CPU s %5s s wall  %-28s %s\n' "$cpu" "$((SECONDS - started))" "${summary:-exit $status}" "$label"
}

if [ "$#" -eq 0 ]; then
  mapfile -t specs < <(find tests -name '*.spec.ts' -not -path 'tests/bench/*' | sort)
else
  specs=("$@")
fi
echo "CPU seconds of the whole machine per spec file ($(nproc) cores), CI's settings, no retries:"
measure '(no test: starting Playwright and the server)' --grep '^$^' --pass-with-no-tests
for spec in "${specs[@]}"; do
  measure "$spec" "$spec"
done
