#!/usr/bin/env bash
# Register a webhook endpoint. The response holds its whsec_ signing secret,
# shown this once: store it as COINWHARF_WEBHOOK_SECRET. It subscribes to every
# payment and refund change you must act on. It prints its Idempotency-Key
# first: if it stops before it prints the endpoint (its answer was lost), run it
# again within 24 hours with IDEMPOTENCY_KEY set to the key it printed and the
# same WEBHOOK_URL, so that the API registers the endpoint once and answers with
# the same endpoint and secret, not a second endpoint with a second secret.
# Usage: COINWHARF_SECRET_KEY=cw_test_... WEBHOOK_URL=https://... bash register-webhook-endpoint.sh
set -euo pipefail
# Without a variable it needs, the sample says what to set and exits 2, the usual status for a
# usage error, sending nothing.
missing() {
  echo "$1" >&2
  exit 2
}
[[ -n ${COINWHARF_SECRET_KEY:-} ]] || missing 'Set COINWHARF_SECRET_KEY to your cw_test_ secret key'
[[ -n ${WEBHOOK_URL:-} ]] || missing 'Set WEBHOOK_URL to your receiver, such as https://example.ngrok.app/webhooks/coinwharf'
api_base="${COINWHARF_API_BASE:-https://api.coinwharf.com/v1}"

# A fresh UUID v4 per registration, sent unchanged on every retry.
# If this script stops before it prints an answer, run it again within 24 hours with
# IDEMPOTENCY_KEY set to the key it printed: the API then acts once, not twice.
idempotency_key="${IDEMPOTENCY_KEY:-$(uuidgen 2>/dev/null || cat /proc/sys/kernel/random/uuid)}"
echo "Idempotency-Key: $idempotency_key" >&2

answer="$(mktemp)"
headers="$(mktemp)"
trap 'rm -f "$answer" "$headers"' EXIT

# Sends a request with curl's arguments "$@", and sends it again, Idempotency-Key included, so the
# API acts once however many attempts reach it, when no answer came (no connection within 10 s, or
# no full answer within 30 s), or a 429, a 5xx or a 409 idempotency_in_progress did. Waits the
# Retry-After seconds the API asks for, else 1, 2, 4, 8, then 16 s: at most 6 attempts, and 31 s of
# waiting unless Retry-After asks for more, as someone is waiting for the answer. Leaves the last
# answer in $answer.
send() {
  local attempt code status seconds
  for attempt in 1 2 3 4 5 6; do
    : >"$answer"
    : >"$headers"
    status=0
    code="$(curl --silent --show-error --fail-with-body --connect-timeout 10 --max-time 30 \
      --output "$answer" --dump-header "$headers" --write-out '%{http_code}' "$@")" || status=$?
    if ((status != 0 && status != 22)); then
      code="no answer" # curl has said why
    elif [[ $code != 429 && $code != 5?? ]] && ! grep -q '"idempotency_in_progress"' "$answer"; then
      return "$status"
    fi
    ((attempt < 6)) || return "$status"
    seconds="$(grep -iE '^retry-after: *[0-9]+[[:space:]]*$' "$headers" | tr -dc '0-9' || true)"
    seconds="${seconds:-$((1 << (attempt - 1)))}"
    echo "$code: retrying in $seconds s (attempt $((attempt + 1)) of 6)" >&2
    sleep "$seconds"
  done
}

#region request
body="$(
  cat <<JSON
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
)"
status=0
send "$api_base/webhook_endpoints" \
  --header "Authorization: Bearer $COINWHARF_SECRET_KEY" \
  --header "Content-Type: application/json" \
  --header "Idempotency-Key: $idempotency_key" \
  --data "$body" || status=$?
#endregion
# An error's answer is printed too: the API's JSON error, or a proxy's HTML page
# (curl has already said "curl: (22) The requested URL returned error: 502").
cat "$answer"
echo
exit "$status"
