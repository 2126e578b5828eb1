#!/usr/bin/env bash
# Fetch a refund: its status (pending, succeeded or failed) and, once it is
# sent, the transaction_hash to look up on the network's block explorer.
# Usage: COINWHARF_SECRET_KEY=cw_test_... REFUND_ID=rf_... bash get-refund.sh
set -euo pipefail
: "${COINWHARF_SECRET_KEY:?Set COINWHARF_SECRET_KEY to your cw_test_ secret key}"
: "${REFUND_ID:?Set REFUND_ID to the id of a refund (rf_...)}"
api_base="${COINWHARF_API_BASE:-https://api.coinwharf.com/v1}"

# --retry 3: a 429, a 5xx, a timeout or a refused connection is tried again, up
# to 4 attempts, after the Retry-After seconds the API asks for, else 1, 2, 4 s.
# Each attempt's answer replaces the last in $answer (stdout can't be rewound).
answer="$(mktemp)"
trap 'rm -f "$answer"' EXIT
status=0
curl --silent --show-error --fail-with-body --retry 3 --retry-connrefused --output "$answer" \
  "$api_base/refunds/$REFUND_ID" \
  --header "Authorization: Bearer $COINWHARF_SECRET_KEY" || status=$?
# An error's answer is printed too: the API's JSON error, or a proxy's HTML page
# (curl has already said "curl: (22) The requested URL returned error: 502").
cat "$answer"
echo
exit "$status"
