#!/usr/bin/env bash
# Fetch a refund: its status (pending, succeeded or failed) and, once it is
# sent, the transaction_hash to look up on the network's block explorer.
# Usage: COINWHARF_SECRET_KEY=cw_test_... REFUND_ID=rf_... bash get-refund.sh
set -euo pipefail
# Without a variable it needs, the sample says what to set and exits 2, the usual status for a
# usage error, sending nothing.
missing() {
  echo "$1" >&2
  exit 2
}
[[ -n ${COINWHARF_SECRET_KEY:-} ]] || missing 'Set COINWHARF_SECRET_KEY to your cw_test_ secret key'
[[ -n ${REFUND_ID:-} ]] || missing 'Set REFUND_ID to the id of a refund (rf_...)'
api_base="${COINWHARF_API_BASE:-https://api.coinwharf.com/v1}"

answer="$(mktemp)"
headers="$(mktemp)"
trap 'rm -f "$answer" "$headers"' EXIT

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
status=0
send "$api_base/refunds/$REFUND_ID" \
  --header "Authorization: Bearer $COINWHARF_SECRET_KEY" || status=$?
#endregion
# An error's answer is printed too: the API's JSON error, or a proxy's HTML page
# (curl has already said "curl: (22) The requested URL returned error: 502").
cat "$answer"
echo
exit "$status"
