"""Refund a payment to an address your customer gave you, on the payment's network.

Without REFUND_AMOUNT, refunds everything still refundable; with it (and
REFUND_CURRENCY, the payment's asset), refunds that part.
Usage: COINWHARF_SECRET_KEY=cw_test_... PAYMENT_ID=pay_... REFUND_ADDRESS=0x... python3 create_refund.py
"""
import json
import os
import sys
import uuid

import requests

API_BASE = os.environ.get("COINWHARF_API_BASE") or "https://api.coinwharf.com/v1"
SECRET_KEY = os.environ.get("COINWHARF_SECRET_KEY")
PAYMENT_ID = os.environ.get("PAYMENT_ID")
ADDRESS = os.environ.get("REFUND_ADDRESS")
AMOUNT = os.environ.get("REFUND_AMOUNT")
CURRENCY = os.environ.get("REFUND_CURRENCY")
if not SECRET_KEY:
    sys.exit("Set COINWHARF_SECRET_KEY to your cw_test_ secret key")
if not PAYMENT_ID:
    sys.exit("Set PAYMENT_ID to the id of the payment to refund (pay_...)")
if not ADDRESS:
    sys.exit("Set REFUND_ADDRESS to the address your customer gave you for this refund")
if AMOUNT and not CURRENCY:
    sys.exit("Set REFUND_CURRENCY to the payment's asset, such as USDC")

# The amount is a decimal string in the payment's asset, never a number.
refund = {"payment": PAYMENT_ID, "address": ADDRESS}
if AMOUNT:
    refund["amount"] = {"amount": AMOUNT, "currency": CURRENCY}

response = requests.post(
    f"{API_BASE}/refunds",
    headers={
        "Authorization": f"Bearer {SECRET_KEY}",
        "Idempotency-Key": str(uuid.uuid4()),
    },
    json=refund,
    timeout=30,
)
if not response.ok:
    error = response.json()["error"]
    sys.exit(f"{response.status_code} {error['code']}: {error['message']} (request {error['request_id']})")

print(json.dumps(response.json(), indent=2))
