#!/usr/bin/env bash
# List the refunds of one payment, newest first, failed ones included (the
# payment's amount_refunded counts only those that have not failed). Follows
# has_more to the last page and prints all of them as one list.
# Usage: COINWHARF_SECRET_KEY=cw_test_... PAYMENT_ID=pay_... bash list-refunds.sh (needs jq)
set -euo pipefail
# Without a variable it needs, the sample says what to set and exits 2, the usual status for a
# usage error, sending nothing.
missing() {
  echo "$1" >&2
  exit 2
}
[[ -n ${COINWHARF_SECRET_KEY:-} ]] || missing 'Set COINWHARF_SECRET_KEY to your cw_test_ secret key'
[[ -n ${PAYMENT_ID:-} ]] || missing 'Set PAYMENT_ID to the id of a payment (pay_...)'
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
# Every page: while has_more is true, ask for the page after the last id.
starting_after=""
while :; do
  status=0
  send "$api_base/refunds" \
    --get \
    --data-urlencode "payment=$PAYMENT_ID" \
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
# All the refunds, as one list.
jq --slurp '{object: "list", data: map(.data[]), has_more: false}' "$pages"
