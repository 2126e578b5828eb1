#!/usr/bin/env bash
# Sandbox only: settle a pending refund. OUTCOME is succeed (the default) or fail.
# Usage: COINWHARF_SECRET_KEY=cw_test_... REFUND_ID=rf_... bash simulate-refund.sh
set -euo pipefail
: "${COINWHARF_SECRET_KEY:?Set COINWHARF_SECRET_KEY to your cw_test_ secret key}"
: "${REFUND_ID:?Set REFUND_ID to the id of a pending sandbox refund (rf_...)}"
api_base="${COINWHARF_API_BASE:-https://api.coinwharf.com/v1}"
outcome="${OUTCOME:-succeed}"
idempotency_key="$(uuidgen 2>/dev/null || cat /proc/sys/kernel/random/uuid)"

# --retry 3: a 429, a 5xx, a timeout or a refused connection is tried again, up
# to 4 attempts, with the same Idempotency-Key, after the Retry-After seconds the
# API asks for, else 1, 2, 4 s. Each attempt's answer replaces the last in
# $answer (stdout can't be rewound).
answer="$(mktemp)"
trap 'rm -f "$answer"' EXIT
status=0
curl --silent --show-error --fail-with-body --retry 3 --retry-connrefused --output "$answer" \
  "$api_base/sandbox/refunds/$REFUND_ID/simulate" \
  --header "Authorization: Bearer $COINWHARF_SECRET_KEY" \
  --header "Content-Type: application/json" \
  --header "Idempotency-Key: $idempotency_key" \
  --data "{\"outcome\": \"$outcome\"}" || status=$?
# An error's answer is printed too: the API's JSON error, or a proxy's HTML page
# (curl has already said "curl: (22) The requested URL returned error: 502").
cat "$answer"
echo
exit "$status"
