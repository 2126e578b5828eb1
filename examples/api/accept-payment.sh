#!/usr/bin/env bash
# Accept the funds of a payment that requires action (UNDER or LATE): it becomes
# succeeded, keeps its label and sends payment.succeeded, on which your receiver
# fulfils the order once, as for any payment. First check that the order is not
# already paid nor cancelled (if it is, refund these funds in full instead), and
# for late funds cancel the order's newer payment if one is still awaiting
# payment; if a newer one is pending or succeeded, refund these funds instead.
# Usage: COINWHARF_SECRET_KEY=cw_test_... PAYMENT_ID=pay_... bash accept-payment.sh
set -euo pipefail
# Without a variable it needs, the sample says what to set and exits 2, the usual status for a
# usage error, sending nothing.
missing() {
  echo "$1" >&2
  exit 2
}
[[ -n ${COINWHARF_SECRET_KEY:-} ]] || missing 'Set COINWHARF_SECRET_KEY to your cw_test_ secret key'
[[ -n ${PAYMENT_ID:-} ]] || missing 'Set PAYMENT_ID to the id of a payment that requires action (pay_...)'
api_base="${COINWHARF_API_BASE:-https://api.coinwharf.com/v1}"
idempotency_key="$(uuidgen 2>/dev/null || cat /proc/sys/kernel/random/uuid)"

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
send "$api_base/payments/$PAYMENT_ID/accept" \
  --header "Authorization: Bearer $COINWHARF_SECRET_KEY" \
  --header "Idempotency-Key: $idempotency_key" \
  --request POST || status=$?
#endregion
# An error's answer is printed too: the API's JSON error, or a proxy's HTML page
# (curl has already said "curl: (22) The requested URL returned error: 502").
cat "$answer"
echo
exit "$status"
