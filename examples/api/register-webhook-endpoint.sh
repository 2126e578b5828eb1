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

# --retry 3: a 429, a 5xx, a timeout or a refused connection is tried again, up
# to 4 attempts, with the same Idempotency-Key, after the Retry-After seconds the
# API asks for, else 1, 2, 4 s. Each attempt's answer replaces the last in
# $answer (stdout can't be rewound).
answer="$(mktemp)"
trap 'rm -f "$answer"' EXIT
status=0
curl --silent --show-error --fail-with-body --retry 3 --retry-connrefused --output "$answer" \
  "$api_base/webhook_endpoints" \
  --header "Authorization: Bearer $COINWHARF_SECRET_KEY" \
  --header "Content-Type: application/json" \
  --header "Idempotency-Key: $idempotency_key" \
  --data @- <<JSON || status=$?
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
    "payment.updated",
    "refund.succeeded",
    "refund.failed"
  ]
}
JSON
# An error's answer is printed too: the API's JSON error, or a proxy's HTML page
# (curl has already said "curl: (22) The requested URL returned error: 502").
cat "$answer"
echo
exit "$status"
