#!/usr/bin/env bash
# Find a payment by your order reference, created at or after CREATED_SINCE
# (ISO 8601, a little before you sent the create). For when the answer to a
# create was lost and its Idempotency-Key is past its 24 hours, so a retry
# would create a second payment.
# Every match is a payment created with that reference; what to do, by its status:
# - awaiting_payment or pending: open; the customer can pay it, or is paying it.
# - requires_action: funds arrived short or late; accept or refund them.
# - succeeded: paid; fulfil the order, once.
# - expired, canceled or failed: ended unpaid (its quote ran out, you cancelled it
#   or refunded its funds, or a reorg removed its transaction). Funds that still
#   reach it within 30 days reopen it as requires_action.
# If a match is awaiting_payment, pending, requires_action or succeeded, create no
# other payment. No match (past 24 hours, the create never reached Coinwharf), or
# only expired, canceled or failed ones: create a new payment with a new key, if
# the customer still wants to pay (after a failed one, once the customer confirms
# their transaction is gone: a dropped transaction is usually mined later).
# Usage: COINWHARF_SECRET_KEY=cw_test_... REFERENCE=order_1042 CREATED_SINCE=2026-11-24T18:00:00Z bash find-payment.sh (needs jq)
set -euo pipefail
# Without a variable it needs, the sample says what to set and exits 2, the usual status for a
# usage error, sending nothing.
missing() {
  echo "$1" >&2
  exit 2
}
[[ -n ${COINWHARF_SECRET_KEY:-} ]] || missing 'Set COINWHARF_SECRET_KEY to your cw_test_ secret key'
[[ -n ${REFERENCE:-} ]] || missing 'Set REFERENCE to the reference you gave the payment, such as order_1042'
[[ -n ${CREATED_SINCE:-} ]] || missing 'Set CREATED_SINCE to an ISO 8601 time before the payment was created, such as 2026-11-24T18:00:00Z'
api_base="${COINWHARF_API_BASE:-https://api.coinwharf.com/v1}"

answer="$(mktemp)"
headers="$(mktemp)"
pages="$(mktemp)"
trap 'rm -f "$answer" "$headers" "$pages"' EXIT

# Sends a request with curl's arguments "$@", and sends it again (a GET changes nothing, so that is
# safe) when no answer came (no connection within 10 s, or no full answer within 30 s), or a 429 or
# a 5xx did. Waits the Retry-After seconds the API asks for, else 1, 2, 4, 8, then 16 s: at most 6
# attempts, and 31 s of waiting unless Retry-After asks for more, as someone is waiting for the
# answer. Leaves the last answer in $answer.
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
    elif [[ $code != 429 && $code != 5?? ]]; then
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
# Every page of matches: while has_more is true, ask for the page after the last id.
starting_after=""
while :; do
  status=0
  send "$api_base/payments" \
    --get \
    --data-urlencode "reference=$REFERENCE" \
    --data-urlencode "created[gte]=$CREATED_SINCE" \
    --data-urlencode "limit=100" \
    ${starting_after:+--data-urlencode "starting_after=$starting_after"} \
    --header "Authorization: Bearer $COINWHARF_SECRET_KEY" || status=$?
  if [[ "$status" -ne 0 ]]; then
    # The API's JSON error, or a proxy's HTML page: curl has said which status.
    cat "$answer"
    echo
    exit "$status"
  fi
  cat "$answer" >>"$pages"
  [[ "$(jq '.has_more' "$answer")" == true ]] || break
  starting_after="$(jq --raw-output '.data[-1].id' "$answer")"
done
#endregion
# All the matches, as one list.
jq --slurp '{object: "list", data: map(.data[]), has_more: false}' "$pages"
