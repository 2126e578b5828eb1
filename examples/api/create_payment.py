"""Create a payment: a 25.00 USD order, paid in USDC on Base.

Usage: COINWHARF_SECRET_KEY=cw_test_... python3 create_payment.py
"""
import json
import os
import sys
import uuid

import requests

API_BASE = os.environ.get("COINWHARF_API_BASE") or "https://api.coinwharf.com/v1"
SECRET_KEY = os.environ.get("COINWHARF_SECRET_KEY")
if not SECRET_KEY:
    sys.exit("Set COINWHARF_SECRET_KEY to your cw_test_ secret key")

response = requests.post(
    f"{API_BASE}/payments",
    headers={
        "Authorization": f"Bearer {SECRET_KEY}",
        # A fresh UUID v4 per payment. Send the same key again only to retry this request.
        "Idempotency-Key": str(uuid.uuid4()),
    },
    json={
        "price": {"amount": "25.00", "currency": "USD"},  # a decimal string, never a number
        "asset": "USDC",
        "network": "base",
        "reference": "order_1042",
    },
    timeout=30,
)
if not response.ok:
    error = response.json()["error"]
    sys.exit(f"{response.status_code} {error['code']}: {error['message']} (request {error['request_id']})")

print(json.dumps(response.json(), indent=2))
