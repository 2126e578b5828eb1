"""Accept the funds of a payment that requires action (UNDER or LATE).

The payment becomes succeeded and keeps its label. Fulfil the order for what arrived.
Usage: COINWHARF_SECRET_KEY=cw_test_... PAYMENT_ID=pay_... python3 accept_payment.py
"""
import json
import os
import sys
import uuid

import requests

API_BASE = os.environ.get("COINWHARF_API_BASE") or "https://api.coinwharf.com/v1"
SECRET_KEY = os.environ.get("COINWHARF_SECRET_KEY")
PAYMENT_ID = os.environ.get("PAYMENT_ID")
if not SECRET_KEY:
    sys.exit("Set COINWHARF_SECRET_KEY to your cw_test_ secret key")
if not PAYMENT_ID:
    sys.exit("Set PAYMENT_ID to the id of a payment that requires action (pay_...)")

response = requests.post(
    f"{API_BASE}/payments/{PAYMENT_ID}/accept",
    headers={
        "Authorization": f"Bearer {SECRET_KEY}",
        "Idempotency-Key": str(uuid.uuid4()),
    },
    timeout=30,
)
if not response.ok:
    error = response.json()["error"]
    sys.exit(f"{response.status_code} {error['code']}: {error['message']} (request {error['request_id']})")

print(json.dumps(response.json(), indent=2))
