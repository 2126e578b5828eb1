"""Sandbox only: settle a pending refund. OUTCOME is succeed (the default) or fail.

Usage: COINWHARF_SECRET_KEY=cw_test_... REFUND_ID=rf_... python3 simulate_refund.py
"""
import json
import os
import sys
import uuid

import requests

API_BASE = os.environ.get("COINWHARF_API_BASE") or "https://api.coinwharf.com/v1"
SECRET_KEY = os.environ.get("COINWHARF_SECRET_KEY")
REFUND_ID = os.environ.get("REFUND_ID")
OUTCOME = os.environ.get("OUTCOME") or "succeed"
if not SECRET_KEY:
    sys.exit("Set COINWHARF_SECRET_KEY to your cw_test_ secret key")
if not REFUND_ID:
    sys.exit("Set REFUND_ID to the id of a pending sandbox refund (rf_...)")

response = requests.post(
    f"{API_BASE}/sandbox/refunds/{REFUND_ID}/simulate",
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
