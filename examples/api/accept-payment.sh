#!/usr/bin/env bash
# Accept the funds of a payment that requires action (UNDER or LATE):
# it becomes succeeded and keeps its label. Fulfil the order for what arrived.
# Usage: COINWHARF_SECRET_KEY=cw_test_... PAYMENT_ID=pay_... bash accept-payment.sh
set -euo pipefail
: "${COINWHARF_SECRET_KEY:?Set COINWHARF_SECRET_KEY to your cw_test_ secret key}"
: "${PAYMENT_ID:?Set PAYMENT_ID to the id of a payment that requires action (pay_...)}"
api_base="${COINWHARF_API_BASE:-https://api.coinwharf.com/v1}"
idempotency_key="$(uuidgen 2>/dev/null || cat /proc/sys/kernel/random/uuid)"

curl --silent --show-error --fail-with-body --write-out '\n' \
  "$api_base/payments/$PAYMENT_ID/accept" \
  --header "Authorization: Bearer $COINWHARF_SECRET_KEY" \
  --header "Idempotency-Key: $idempotency_key" \
  --request POST
