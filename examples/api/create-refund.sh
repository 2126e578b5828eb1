#!/usr/bin/env bash
# Refund a payment to an address your customer gave you, on the payment's network.
# Without REFUND_AMOUNT, refunds everything still refundable; with it (and
# REFUND_CURRENCY, the payment's asset), refunds that part. REFUND_REASON=overpayment
# marks a refund of an overpayment's excess; without it the reason is "other".
# Usage: COINWHARF_SECRET_KEY=cw_test_... PAYMENT_ID=pay_... REFUND_ADDRESS=0x... bash create-refund.sh
set -euo pipefail
: "${COINWHARF_SECRET_KEY:?Set COINWHARF_SECRET_KEY to your cw_test_ secret key}"
: "${PAYMENT_ID:?Set PAYMENT_ID to the id of the payment to refund (pay_...)}"
: "${REFUND_ADDRESS:?Set REFUND_ADDRESS to the address your customer gave you for this refund}"
api_base="${COINWHARF_API_BASE:-https://api.coinwharf.com/v1}"
# If this script stops before it prints an answer, run it again with IDEMPOTENCY_KEY set to the
# key it printed: the API then acts once, not twice.
idempotency_key="${IDEMPOTENCY_KEY:-$(uuidgen 2>/dev/null || cat /proc/sys/kernel/random/uuid)}"
echo "Idempotency-Key: $idempotency_key" >&2

# The amount is a decimal string in the payment's asset, never a number.
amount=""
if [[ -n "${REFUND_AMOUNT:-}" ]]; then
  : "${REFUND_CURRENCY:?Set REFUND_CURRENCY to the asset of the payment, such as USDC}"
  amount=", \"amount\": {\"amount\": \"$REFUND_AMOUNT\", \"currency\": \"$REFUND_CURRENCY\"}"
fi
reason=""
if [[ -n "${REFUND_REASON:-}" ]]; then
  reason=", \"reason\": \"$REFUND_REASON\""
fi

# --retry 3: a 429, a 5xx, a timeout or a refused connection is tried again, up
# to 4 attempts, with the same Idempotency-Key, after the Retry-After seconds the
# API asks for, else 1, 2, 4 s. Each attempt's answer replaces the last in
# $answer (stdout can't be rewound).
answer="$(mktemp)"
trap 'rm -f "$answer"' EXIT
# 409 idempotency_in_progress: the same request is still running (a run you stopped, say):
# wait a second and ask again with the same key, up to 4 times.
for attempt in 1 2 3 4; do
  status=0
  curl --silent --show-error --fail-with-body --retry 3 --retry-connrefused --output "$answer" \
    "$api_base/refunds" \
    --header "Authorization: Bearer $COINWHARF_SECRET_KEY" \
    --header "Content-Type: application/json" \
    --header "Idempotency-Key: $idempotency_key" \
    --data "{\"payment\": \"$PAYMENT_ID\", \"address\": \"$REFUND_ADDRESS\"$amount$reason}" || status=$?
  grep -q '"idempotency_in_progress"' "$answer" || break
  echo "409 idempotency_in_progress: retrying in 1 s (attempt $((attempt + 1)) of 4)" >&2
  sleep 1
done
# An error's answer is printed too: the API's JSON error, or a proxy's HTML page
# (curl has already said "curl: (22) The requested URL returned error: 502").
cat "$answer"
echo
exit "$status"
