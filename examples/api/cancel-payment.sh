#!/usr/bin/env bash
# Cancel a payment that is still awaiting payment: the customer can no
# longer pay it. Any other status answers 409 payment_invalid_state.
# Usage: COINWHARF_SECRET_KEY=cw_test_... PAYMENT_ID=pay_... bash cancel-payment.sh
set -euo pipefail
: "${COINWHARF_SECRET_KEY:?Set COINWHARF_SECRET_KEY to your cw_test_ secret key}"
: "${PAYMENT_ID:?Set PAYMENT_ID to the id of a payment awaiting payment (pay_...)}"
api_base="${COINWHARF_API_BASE:-https://api.coinwharf.com/v1}"
idempotency_key="$(uuidgen 2>/dev/null || cat /proc/sys/kernel/random/uuid)"

curl --silent --show-error --fail-with-body --write-out '\n' \
  "$api_base/payments/$PAYMENT_ID/cancel" \
  --header "Authorization: Bearer $COINWHARF_SECRET_KEY" \
  --header "Idempotency-Key: $idempotency_key" \
  --request POST
