#!/usr/bin/env bash
# Find a payment by your order reference, created at or after CREATED_SINCE
# (ISO 8601, a little before you sent the create). For when the answer to a
# create was lost and its Idempotency-Key is past its 24 hours, so a retry
# would create a second payment. Found: that is the payment; create no other.
# Not found: the create never ran; send it again with a new key.
# Usage: COINWHARF_SECRET_KEY=cw_test_... REFERENCE=order_1042 CREATED_SINCE=2026-11-24T18:00:00Z bash find-payment.sh
set -euo pipefail
: "${COINWHARF_SECRET_KEY:?Set COINWHARF_SECRET_KEY to your cw_test_ secret key}"
: "${REFERENCE:?Set REFERENCE to the reference you gave the payment, such as order_1042}"
: "${CREATED_SINCE:?Set CREATED_SINCE to an ISO 8601 time before the payment was created, such as 2026-11-24T18:00:00Z}"
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
  --data-urlencode "reference=$REFERENCE" \
  --data-urlencode "created[gte]=$CREATED_SINCE" \
  --header "Authorization: Bearer $COINWHARF_SECRET_KEY" || status=$?
# An error's answer is printed too: the API's JSON error, or a proxy's HTML page
# (curl has already said "curl: (22) The requested URL returned error: 502").
cat "$answer"
echo
exit "$status"
