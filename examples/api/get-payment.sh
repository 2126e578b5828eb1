#!/usr/bin/env bash
# Fetch a payment: the source of truth for its status.
# Usage: COINWHARF_SECRET_KEY=cw_test_... PAYMENT_ID=pay_... bash get-payment.sh
set -euo pipefail
: "${COINWHARF_SECRET_KEY:?Set COINWHARF_SECRET_KEY to your cw_test_ secret key}"
: "${PAYMENT_ID:?Set PAYMENT_ID to the id of a payment (pay_...)}"
api_base="${COINWHARF_API_BASE:-https://api.coinwharf.com/v1}"

curl --silent --show-error --fail-with-body --write-out '\n' \
  "$api_base/payments/$PAYMENT_ID" \
  --header "Authorization: Bearer $COINWHARF_SECRET_KEY"
