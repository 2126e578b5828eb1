#!/usr/bin/env bash
# List every payment in one status, newest first: STATUS, or succeeded if it is
# not set. Follows has_more to the last page and prints all of them as one list.
# Once a day, STATUS=requires_action lists the payments waiting for you to
# accept or refund their funds. Succeeded payments are listed for the daily
# fulfilment check, back 31 days only (created[gte]): a transaction seen in time
# can take days to confirm, and the payment succeeds when it confirms, within
# the 30 days Coinwharf watches the address. Late funds only reopen a payment
# (requires_action); it succeeds when you accept it, however old it is, and this
# list misses one created over 31 days ago: record each payment you accept (its
# id and when), and have the daily check fetch those since the last check too.
# Usage: COINWHARF_SECRET_KEY=cw_test_... STATUS=requires_action bash list-payments.sh (needs jq)
set -euo pipefail
# Without a variable it needs, the sample says what to set and exits 2, the usual status for a
# usage error, sending nothing.
missing() {
  echo "$1" >&2
  exit 2
}
[[ -n ${COINWHARF_SECRET_KEY:-} ]] || missing 'Set COINWHARF_SECRET_KEY to your cw_test_ secret key'
api_base="${COINWHARF_API_BASE:-https://api.coinwharf.com/v1}"
status_wanted="${STATUS:-succeeded}"
# 31 days ago (GNU date, else BSD date as on macOS); no bound for other statuses.
created_since=""
if [[ $status_wanted == succeeded ]]; then
  created_since="$(date -u -d '31 days ago' +%Y-%m-%dT%H:%M:%SZ 2>/dev/null || date -u -v-31d +%Y-%m-%dT%H:%M:%SZ)"
fi

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
  send "$api_base/payments" \
    --get \
    --data-urlencode "status=$status_wanted" \
    --data-urlencode "limit=100" \
    ${created_since:+--data-urlencode "created[gte]=$created_since"} \
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
# All the payments, as one list.
jq --slurp '{object: "list", data: map(.data[]), has_more: false}' "$pages"
