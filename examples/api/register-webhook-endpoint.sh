#!/usr/bin/env bash
# Register a webhook endpoint. The response holds its whsec_ signing secret,
# shown this once: store it as COINWHARF_WEBHOOK_SECRET. It subscribes to every
# payment and refund change you must act on.
# Usage: COINWHARF_SECRET_KEY=cw_test_... WEBHOOK_URL=https://... bash register-webhook-endpoint.sh
set -euo pipefail
: "${COINWHARF_SECRET_KEY:?Set COINWHARF_SECRET_KEY to your cw_test_ secret key}"
: "${WEBHOOK_URL:?Set WEBHOOK_URL to your receiver, such as https://example.ngrok.app/webhooks/coinwharf}"
api_base="${COINWHARF_API_BASE:-https://api.coinwharf.com/v1}"
idempotency_key="$(uuidgen 2>/dev/null || cat /proc/sys/kernel/random/uuid)"

curl --silent --show-error --fail-with-body --write-out '\n' \
  "$api_base/webhook_endpoints" \
  --header "Authorization: Bearer $COINWHARF_SECRET_KEY" \
  --header "Content-Type: application/json" \
  --header "Idempotency-Key: $idempotency_key" \
  --data @- <<JSON
{
  "url": "$WEBHOOK_URL",
  "enabled_events": [
    "payment.pending",
    "payment.awaiting_payment",
    "payment.succeeded",
    "payment.requires_action",
    "payment.expired",
    "payment.canceled",
    "payment.failed",
    "refund.succeeded",
    "refund.failed"
  ]
}
JSON
