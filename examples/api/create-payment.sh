#!/usr/bin/env bash
# Create a payment: a 25.00 USD order, paid in USDC on Base.
# Usage: COINWHARF_SECRET_KEY=cw_test_... bash create-payment.sh
set -euo pipefail
: "${COINWHARF_SECRET_KEY:?Set COINWHARF_SECRET_KEY to your cw_test_ secret key}"
api_base="${COINWHARF_API_BASE:-https://api.coinwharf.com/v1}"

# A fresh UUID v4 per payment. Send the same key again only to retry this request.
idempotency_key="$(uuidgen 2>/dev/null || cat /proc/sys/kernel/random/uuid)"

# Amounts are decimal strings, never JSON numbers.
curl --silent --show-error --fail-with-body --write-out '\n' \
  "$api_base/payments" \
  --header "Authorization: Bearer $COINWHARF_SECRET_KEY" \
  --header "Content-Type: application/json" \
  --header "Idempotency-Key: $idempotency_key" \
  --data '{
    "price": {"amount": "25.00", "currency": "USD"},
    "asset": "USDC",
    "network": "base",
    "reference": "order_1042"
  }'
