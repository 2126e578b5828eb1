"""List the events that did not reach your webhook endpoint (kept 30 days).

Usage: COINWHARF_SECRET_KEY=cw_test_... python3 list_failed_events.py
"""
import json
import os
import sys

import requests

API_BASE = os.environ.get("COINWHARF_API_BASE") or "https://api.coinwharf.com/v1"
SECRET_KEY = os.environ.get("COINWHARF_SECRET_KEY")
if not SECRET_KEY:
    sys.exit("Set COINWHARF_SECRET_KEY to your cw_test_ secret key")

response = requests.get(
    f"{API_BASE}/events",
    params={"delivery_status": "failed", "limit": 100},
    headers={"Authorization": f"Bearer {SECRET_KEY}"},
    timeout=30,
)
if not response.ok:
    error = response.json()["error"]
    sys.exit(f"{response.status_code} {error['code']}: {error['message']} (request {error['request_id']})")

print(json.dumps(response.json(), indent=2))
