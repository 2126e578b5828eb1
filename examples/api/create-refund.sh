#!/usr/bin/env bash
# Refund a payment to an address your customer gave you, on the payment's network.
# With REFUND_AMOUNT (and REFUND_CURRENCY, the payment's asset), refunds that much.
# Without it, refunds all that is left: everything still refundable, or, with
# REFUND_REASON=overpayment, what is left of an OVER payment's excess (received over
# due, less its overpayment and declined refunds that have not failed).
# REFUND_REASON=overpayment marks a refund of that excess; without it the reason is
# "declined" for a payment that requires action (refunded in full), else "other".
# Usage: COINWHARF_SECRET_KEY=cw_test_... PAYMENT_ID=pay_... REFUND_ADDRESS=0x... bash create-refund.sh
set -euo pipefail
# Without a variable it needs, the sample says what to set and exits 2, the usual status for a
# usage error, sending nothing.
missing() {
  echo "$1" >&2
  exit 2
}
[[ -n ${COINWHARF_SECRET_KEY:-} ]] || missing 'Set COINWHARF_SECRET_KEY to your cw_test_ secret key'
[[ -n ${PAYMENT_ID:-} ]] || missing 'Set PAYMENT_ID to the id of the payment to refund (pay_...)'
[[ -n ${REFUND_ADDRESS:-} ]] || missing 'Set REFUND_ADDRESS to the address your customer gave you for this refund'
[[ -z ${REFUND_AMOUNT:-} || -n ${REFUND_CURRENCY:-} ]] || missing "Set REFUND_CURRENCY to the payment's asset, such as USDC"
api_base="${COINWHARF_API_BASE:-https://api.coinwharf.com/v1}"
# If this script stops before it prints an answer, run it again within 24 hours with
# IDEMPOTENCY_KEY set to the key it printed: the API then acts once, not twice.
idempotency_key="${IDEMPOTENCY_KEY:-$(uuidgen 2>/dev/null || cat /proc/sys/kernel/random/uuid)}"
echo "Idempotency-Key: $idempotency_key" >&2

# The amount is a decimal string in the payment's asset, never a number.
amount=""
if [[ -n "${REFUND_AMOUNT:-}" ]]; then
  amount=", \"amount\": {\"amount\": \"$REFUND_AMOUNT\", \"currency\": \"$REFUND_CURRENCY\"}"
fi
reason=""
if [[ -n "${REFUND_REASON:-}" ]]; then
  reason=", \"reason\": \"$REFUND_REASON\""
fi

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
status=0
send "$api_base/refunds" \
  --header "Authorization: Bearer $COINWHARF_SECRET_KEY" \
  --header "Content-Type: application/json" \
  --header "Idempotency-Key: $idempotency_key" \
  --data "{\"payment\": \"$PAYMENT_ID\", \"address\": \"$REFUND_ADDRESS\"$amount$reason}" || status=$?
#endregion
# An error's answer is printed too: the API's JSON error, or a proxy's HTML page
# (curl has already said "curl: (22) The requested URL returned error: 502").
cat "$answer"
echo
exit "$status"
