#!/usr/bin/env bash
# List your payments, newest first: the 10 most recent that succeeded.
# Usage: COINWHARF_SECRET_KEY=cw_test_... bash list-payments.sh
# Set STARTING_AFTER to the last id of a page to get the next one.
set -euo pipefail
: "${COINWHARF_SECRET_KEY:?Set COINWHARF_SECRET_KEY to your cw_test_ secret key}"
api_base="${COINWHARF_API_BASE:-https://api.coinwharf.com/v1}"

curl --silent --show-error --fail-with-body --write-out '\n' --get \
  "$api_base/payments" \
  --data-urlencode "status=succeeded" \
  --data-urlencode "limit=10" \
  ${STARTING_AFTER:+--data-urlencode "starting_after=$STARTING_AFTER"} \
  --header "Authorization: Bearer $COINWHARF_SECRET_KEY"
