"""Sandbox only: play the customer paying a payment.

OUTCOME is exact (the default), underpay, overpay, late, reorg, fail or expire,
each on a new payment, or top_up on a payment that requires action with UNDER.
Usage: COINWHARF_SECRET_KEY=cw_test_... PAYMENT_ID=pay_... python3 simulate_payment.py
"""
import json
import os
import sys
import uuid

import requests

API_BASE = os.environ.get("COINWHARF_API_BASE") or "https://api.coinwharf.com/v1"
SECRET_KEY = os.environ.get("COINWHARF_SECRET_KEY")
PAYMENT_ID = os.environ.get("PAYMENT_ID")
OUTCOME = os.environ.get("OUTCOME") or "exact"
if not SECRET_KEY:
    sys.exit("Set COINWHARF_SECRET_KEY to your cw_test_ secret key")
if not PAYMENT_ID:
    sys.exit("Set PAYMENT_ID to the id of a payment (pay_...)")

response = requests.post(
    f"{API_BASE}/sandbox/payments/{PAYMENT_ID}/simulate",
    headers={
        "Authorization": f"Bearer {SECRET_KEY}",
        "Idempotency-Key": str(uuid.uuid4()),
    },
    json={"outcome": OUTCOME},
    timeout=30,
)
if not response.ok:
    error = response.json()["error"]
    sys.exit(f"{response.status_code} {error['code']}: {error['message']} (request {error['request_id']})")

print(json.dumps(response.json(), indent=2))
