#!/usr/bin/env bash
# Process the events that did not reach your webhook endpoint (kept 30 days),
# every page of them: while has_more is true, ask for the page after the last id.
# Hand each event to the code your receiver runs, which records the event id in
# its store and fulfils in one transaction, so an event it already handled is
# skipped. Coinwharf may still deliver these events on their retry schedule after
# you process them here: the store makes that delivery a no-op.
# Usage: COINWHARF_SECRET_KEY=cw_test_... bash list-failed-events.sh (needs jq)
set -euo pipefail
# Without a variable it needs, the sample says what to set and exits 2, the usual status for a
# usage error, sending nothing.
missing() {
  echo "$1" >&2
  exit 2
}
[[ -n ${COINWHARF_SECRET_KEY:-} ]] || missing 'Set COINWHARF_SECRET_KEY to your cw_test_ secret key'
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
starting_after=""
while :; do
  status=0
  send "$api_base/events" \
    --get \
    --data-urlencode "delivery_status=failed" \
    --data-urlencode "limit=100" \
    ${starting_after:+--data-urlencode "starting_after=$starting_after"} \
    --header "Authorization: Bearer $COINWHARF_SECRET_KEY" || status=$?
  if [[ "$status" -ne 0 ]]; then
    # The API's JSON error, or a proxy's HTML page: curl has said which status.
    cat "$answer"
    echo
    exit "$status"
  fi
  # One event per line, for your receiver's handler (deduplicated by event id).
  jq --compact-output '.data[]' "$answer"
  [[ "$(jq '.has_more' "$answer")" == true ]] || break
  starting_after="$(jq --raw-output '.data[-1].id' "$answer")"
done
#endregion
