#!/usr/bin/env bash
# Refund a payment: 25.00 USDC back to the customer's address on the payment's network.
# Usage: COINWHARF_SECRET_KEY=cw_test_... PAYMENT_ID=pay_... bash create-refund.sh
set -euo pipefail
: "${COINWHARF_SECRET_KEY:?Set COINWHARF_SECRET_KEY to your cw_test_ secret key}"
: "${PAYMENT_ID:?Set PAYMENT_ID to the id of the payment to refund (pay_...)}"
api_base="${COINWHARF_API_BASE:-https://api.coinwharf.com/v1}"
idempotency_key="$(uuidgen 2>/dev/null || cat /proc/sys/kernel/random/uuid)"

# The amount is in the payment's asset; the address is one the customer gave you.
curl --silent --show-error --fail-with-body --write-out '\n' \
  "$api_base/refunds" \
  --header "Authorization: Bearer $COINWHARF_SECRET_KEY" \
  --header "Content-Type: application/json" \
  --header "Idempotency-Key: $idempotency_key" \
  --data @- <<JSON
{
  "payment": "$PAYMENT_ID",
  "amount": {"amount": "25.00", "currency": "USDC"},
  "address": "0x9F2b6c1E4a7D03B58e21c6A4f0D7b3E8a5C19d42"
}
JSON
