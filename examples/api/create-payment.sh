#!/usr/bin/env bash
# Create a payment: a 25.00 USD order, paid in USDC on Base.
# Usage: COINWHARF_SECRET_KEY=cw_test_... bash create-payment.sh
set -euo pipefail
: "${COINWHARF_SECRET_KEY:?Set COINWHARF_SECRET_KEY to your cw_test_ secret key}"
api_base="${COINWHARF_API_BASE:-https://api.coinwharf.com/v1}"

# A fresh UUID v4 per payment. curl sends it unchanged on every retry.
idempotency_key="$(uuidgen 2>/dev/null || cat /proc/sys/kernel/random/uuid)"

# --retry 3: a 429, a 5xx, a timeout or a refused connection is tried again, up
# to 4 attempts, after the Retry-After seconds the API asks for, else 1, 2, 4 s.
# Each attempt's answer replaces the last in $answer (stdout can't be rewound).
answer="$(mktemp)"
trap 'rm -f "$answer"' EXIT
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
# An error's answer is printed too: the API's JSON error, or a proxy's HTML page
# (curl has already said "curl: (22) The requested URL returned error: 502").
cat "$answer"
echo
exit "$status"
