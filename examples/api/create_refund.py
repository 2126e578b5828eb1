"""Refund a payment: 25.00 USDC back to the customer's address on the payment's network.

Usage: COINWHARF_SECRET_KEY=cw_test_... PAYMENT_ID=pay_... python3 create_refund.py
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
    sys.exit("Set PAYMENT_ID to the id of the payment to refund (pay_...)")

response = requests.post(
    f"{API_BASE}/refunds",
    headers={
        "Authorization": f"Bearer {SECRET_KEY}",
        "Idempotency-Key": str(uuid.uuid4()),
    },
    # The amount is in the payment's asset; the address is one the customer gave you.
    json={
        "payment": PAYMENT_ID,
        "amount": {"amount": "25.00", "currency": "USDC"},
        "address": "0x9F2b6c1E4a7D03B58e21c6A4f0D7b3E8a5C19d42",
    },
    timeout=30,
)
if not response.ok:
    error = response.json()["error"]
    sys.exit(f"{response.status_code} {error['code']}: {error['message']} (request {error['request_id']})")

print(json.dumps(response.json(), indent=2))
