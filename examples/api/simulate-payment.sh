#!/usr/bin/env bash
# Sandbox only: play the customer paying a payment.
# OUTCOME is exact (the default), underpay, overpay, late, reorg, fail or expire,
# each on a new payment, or top_up on a payment that requires action with UNDER.
# Usage: COINWHARF_SECRET_KEY=cw_test_... PAYMENT_ID=pay_... bash simulate-payment.sh
set -euo pipefail
: "${COINWHARF_SECRET_KEY:?Set COINWHARF_SECRET_KEY to your cw_test_ secret key}"
: "${PAYMENT_ID:?Set PAYMENT_ID to the id of a payment (pay_...)}"
api_base="${COINWHARF_API_BASE:-https://api.coinwharf.com/v1}"
outcome="${OUTCOME:-exact}"
idempotency_key="$(uuidgen 2>/dev/null || cat /proc/sys/kernel/random/uuid)"

curl --silent --show-error --fail-with-body --write-out '\n' \
  "$api_base/sandbox/payments/$PAYMENT_ID/simulate" \
  --header "Authorization: Bearer $COINWHARF_SECRET_KEY" \
  --header "Content-Type: application/json" \
  --header "Idempotency-Key: $idempotency_key" \
  --data "{\"outcome\": \"$outcome\"}"
