"""List your payments, newest first: the 10 most recent that succeeded.

Usage: COINWHARF_SECRET_KEY=cw_test_... python3 list_payments.py
Set STARTING_AFTER to the last id of a page to get the next one.
"""
import json
import os
import sys

import requests

API_BASE = os.environ.get("COINWHARF_API_BASE") or "https://api.coinwharf.com/v1"
SECRET_KEY = os.environ.get("COINWHARF_SECRET_KEY")
STARTING_AFTER = os.environ.get("STARTING_AFTER")
if not SECRET_KEY:
    sys.exit("Set COINWHARF_SECRET_KEY to your cw_test_ secret key")

params = {"status": "succeeded", "limit": 10}
if STARTING_AFTER:
    params["starting_after"] = STARTING_AFTER

response = requests.get(
    f"{API_BASE}/payments",
    params=params,
    headers={"Authorization": f"Bearer {SECRET_KEY}"},
    timeout=30,
)
if not response.ok:
    error = response.json()["error"]
    sys.exit(f"{response.status_code} {error['code']}: {error['message']} (request {error['request_id']})")

print(json.dumps(response.json(), indent=2))
