#!/usr/bin/env bash
# Sandbox only: settle a pending refund. OUTCOME is succeed (the default) or fail.
# Usage: COINWHARF_SECRET_KEY=cw_test_... REFUND_ID=rf_... bash simulate-refund.sh
set -euo pipefail
: "${COINWHARF_SECRET_KEY:?Set COINWHARF_SECRET_KEY to your cw_test_ secret key}"
: "${REFUND_ID:?Set REFUND_ID to the id of a pending sandbox refund (rf_...)}"
api_base="${COINWHARF_API_BASE:-https://api.coinwharf.com/v1}"
outcome="${OUTCOME:-succeed}"
idempotency_key="$(uuidgen 2>/dev/null || cat /proc/sys/kernel/random/uuid)"

curl --silent --show-error --fail-with-body --write-out '\n' \
  "$api_base/sandbox/refunds/$REFUND_ID/simulate" \
  --header "Authorization: Bearer $COINWHARF_SECRET_KEY" \
  --header "Content-Type: application/json" \
  --header "Idempotency-Key: $idempotency_key" \
  --data "{\"outcome\": \"$outcome\"}"
