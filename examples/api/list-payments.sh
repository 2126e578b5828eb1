#!/usr/bin/env bash
# List your payments, newest first: the 10 most recent that succeeded.
# Usage: COINWHARF_SECRET_KEY=cw_test_... bash list-payments.sh
# Set STARTING_AFTER to the last id of a page to get the next one.
set -euo pipefail
: "${COINWHARF_SECRET_KEY:?Set COINWHARF_SECRET_KEY to your cw_test_ secret key}"
api_base="${COINWHARF_API_BASE:-https://api.coinwharf.com/v1}"

# --retry 3: a 429, a 5xx, a timeout or a refused connection is tried again, up
# to 4 attempts, after the Retry-After seconds the API asks for, else 1, 2, 4 s.
# Each attempt's answer replaces the last in $answer (stdout can't be rewound).
answer="$(mktemp)"
trap 'rm -f "$answer"' EXIT
status=0
curl --silent --show-error --fail-with-body --retry 3 --retry-connrefused --output "$answer" \
  --get \
  "$api_base/payments" \
  --data-urlencode "status=succeeded" \
  --data-urlencode "limit=10" \
  ${STARTING_AFTER:+--data-urlencode "starting_after=$STARTING_AFTER"} \
  --header "Authorization: Bearer $COINWHARF_SECRET_KEY" || status=$?
# An error's answer is printed too: the API's JSON error, or a proxy's HTML page
# (curl has already said "curl: (22) The requested URL returned error: 502").
cat "$answer"
echo
exit "$status"
