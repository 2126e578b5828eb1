#!/usr/bin/env bash
# Process the events that did not reach your webhook endpoint (kept 30 days),
# every page of them: while has_more is true, ask for the page after the last id.
# Hand each event to the code your receiver runs, which records the event id in
# its store and fulfils in one transaction, so an event it already handled is
# skipped. Coinwharf may still deliver these events on their retry schedule after
# you process them here: the store makes that delivery a no-op.
# Usage: COINWHARF_SECRET_KEY=cw_test_... bash list-failed-events.sh (needs jq)
set -euo pipefail
: "${COINWHARF_SECRET_KEY:?Set COINWHARF_SECRET_KEY to your cw_test_ secret key}"
api_base="${COINWHARF_API_BASE:-https://api.coinwharf.com/v1}"

# --retry 3: a 429, a 5xx, a timeout or a refused connection is tried again, up
# to 4 attempts, after the Retry-After seconds the API asks for, else 1, 2, 4 s.
# Each attempt's answer replaces the last in $answer (stdout can't be rewound).
answer="$(mktemp)"
trap 'rm -f "$answer"' EXIT
starting_after=""
while :; do
  status=0
  curl --silent --show-error --fail-with-body --retry 3 --retry-connrefused --output "$answer" \
    --get "$api_base/events" \
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
