"""Refund the excess of an overpaid payment (status succeeded, label OVER).

The refund goes to an address the customer gave you. The excess is
amount_received - amount_due, worked out with Decimal, never with floating point.
Usage: COINWHARF_SECRET_KEY=cw_test_... PAYMENT_ID=pay_... REFUND_ADDRESS=0x... python3 refund_overpayment.py
"""
import json
import os
import sys
import uuid
from decimal import Decimal

import requests

from refund_address import refund_address_problem

API_BASE = os.environ.get("COINWHARF_API_BASE") or "https://api.coinwharf.com/v1"
SECRET_KEY = os.environ.get("COINWHARF_SECRET_KEY")
PAYMENT_ID = os.environ.get("PAYMENT_ID")
ADDRESS = (os.environ.get("REFUND_ADDRESS") or "").strip()
if not SECRET_KEY:
    sys.exit("Set COINWHARF_SECRET_KEY to your cw_test_ secret key")
if not PAYMENT_ID:
    sys.exit("Set PAYMENT_ID to the id of the overpaid payment (pay_...)")
if not ADDRESS:
    sys.exit("Set REFUND_ADDRESS to the address your customer gave you for this refund")


def call(method: str, path: str, **kwargs) -> dict:
    response = requests.request(
        method, f"{API_BASE}{path}", headers={"Authorization": f"Bearer {SECRET_KEY}", **kwargs.pop("headers", {})},
        timeout=30, **kwargs,
    )
    if not response.ok:
        error = response.json()["error"]
        sys.exit(f"{response.status_code} {error['code']}: {error['message']} (request {error['request_id']})")
    return response.json()


payment = call("GET", f"/payments/{PAYMENT_ID}")
if payment["status"] != "succeeded" or "OVER" not in payment["labels"]:
    sys.exit(f"{PAYMENT_ID} is {payment['status']} with labels {payment['labels']}: it was not overpaid")
problem = refund_address_problem(payment["network"], ADDRESS, payment["address"])
if problem:
    sys.exit(problem)

# Decimal from the strings is exact; float("27.50") - float("25.00") is not, for most amounts.
excess = Decimal(payment["amount_received"]["amount"]) - Decimal(payment["amount_due"]["amount"])
refund = call(
    "POST",
    "/refunds",
    headers={"Idempotency-Key": str(uuid.uuid4())},
    json={
        "payment": PAYMENT_ID,
        "amount": {"amount": format(excess.normalize(), "f"), "currency": payment["asset"]},
        "address": ADDRESS,
    },
)
print(json.dumps(refund, indent=2))
