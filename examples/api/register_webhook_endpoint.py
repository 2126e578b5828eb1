"""Register a webhook endpoint.

The response holds its whsec_ signing secret, shown this once: store it as
COINWHARF_WEBHOOK_SECRET. It subscribes to every payment and refund change you
must act on.
Usage: COINWHARF_SECRET_KEY=cw_test_... WEBHOOK_URL=https://... python3 register_webhook_endpoint.py
"""
import json
import os
import sys
import uuid

import requests

API_BASE = os.environ.get("COINWHARF_API_BASE") or "https://api.coinwharf.com/v1"
SECRET_KEY = os.environ.get("COINWHARF_SECRET_KEY")
WEBHOOK_URL = os.environ.get("WEBHOOK_URL")
if not SECRET_KEY:
    sys.exit("Set COINWHARF_SECRET_KEY to your cw_test_ secret key")
if not WEBHOOK_URL:
    sys.exit("Set WEBHOOK_URL to your receiver, such as https://example.ngrok.app/webhooks/coinwharf")

response = requests.post(
    f"{API_BASE}/webhook_endpoints",
    headers={
        "Authorization": f"Bearer {SECRET_KEY}",
        "Idempotency-Key": str(uuid.uuid4()),
    },
    json={
        "url": WEBHOOK_URL,
        "enabled_events": [
            "payment.pending",
            "payment.awaiting_payment",
            "payment.succeeded",
            "payment.requires_action",
            "payment.expired",
            "payment.canceled",
            "payment.failed",
            "refund.succeeded",
            "refund.failed",
        ],
    },
    timeout=30,
)
if not response.ok:
    error = response.json()["error"]
    sys.exit(f"{response.status_code} {error['code']}: {error['message']} (request {error['request_id']})")

print(json.dumps(response.json(), indent=2))
