#!/usr/bin/env bash
# Create a payment: a 25.00 USD order, paid in USDC on Base.
# Usage: COINWHARF_SECRET_KEY=cw_test_... bash create-payment.sh
set -euo pipefail
: "${COINWHARF_SECRET_KEY:?Set COINWHARF_SECRET_KEY to your cw_test_ secret key}"
api_base="${COINWHARF_API_BASE:-https://api.coinwharf.com/v1}"

# A fresh UUID v4 per payment. curl sends it unchanged on every retry.
# If this script stops before it prints an answer, run it again with IDEMPOTENCY_KEY set to the
# key it printed: the API then acts once, not twice.
idempotency_key="${IDEMPOTENCY_KEY:-$(uuidgen 2>/dev/null || cat /proc/sys/kernel/random/uuid)}"
echo "Idempotency-Key: $idempotency_key" >&2

# --retry 3: a 429, a 5xx, a timeout or a refused connection is tried again, up
# to 4 attempts, after the Retry-After seconds the API asks for, else 1, 2, 4 s.
# Each attempt's answer replaces the last in $answer (stdout can't be rewound).
answer="$(mktemp)"
trap 'rm -f "$answer"' EXIT
# 409 idempotency_in_progress: the same request is still running (a run you stopped, say):
# wait a second and ask again with the same key, up to 4 times.
for attempt in 1 2 3 4; do
  status=0
  # Amounts are decimal strings, never JSON numbers.
  curl --silent --show-error --fail-with-body --retry 3 --retry-connrefused --output "$answer" \
    "$api_base/payments" \
    --header "Authorization: Bearer $COINWHARF_SECRET_KEY" \
    --header "Content-Type: application/json" \
    --header "Idempotency-Key: $idempotency_key" \
    --data '{
      "price": {"amount": "25.00", "currency": "USD"},
      "asset": "USDC",
      "network": "base",
      "reference": "order_1042"
    }' || status=$?
  grep -q '"idempotency_in_progress"' "$answer" || break
  echo "409 idempotency_in_progress: retrying in 1 s (attempt $((attempt + 1)) of 4)" >&2
  sleep 1
done
# An error's answer is printed too: the API's JSON error, or a proxy's HTML page
# (curl has already said "curl: (22) The requested URL returned error: 502").
cat "$answer"
echo
exit "$status"
