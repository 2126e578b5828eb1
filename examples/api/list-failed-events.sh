#!/usr/bin/env bash
# List the events that did not reach your webhook endpoint (kept 30 days).
# Usage: COINWHARF_SECRET_KEY=cw_test_... bash list-failed-events.sh
set -euo pipefail
: "${COINWHARF_SECRET_KEY:?Set COINWHARF_SECRET_KEY to your cw_test_ secret key}"
api_base="${COINWHARF_API_BASE:-https://api.coinwharf.com/v1}"

curl --silent --show-error --fail-with-body --write-out '\n' \
  "$api_base/events?delivery_status=failed&limit=100" \
  --header "Authorization: Bearer $COINWHARF_SECRET_KEY"
