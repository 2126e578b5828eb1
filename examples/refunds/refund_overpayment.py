"""Refund what is still owed of an overpaid payment (status succeeded, label OVER).

The refund goes to an address the customer gave you. What is owed is the excess,
amount_received - amount_due, less the excess refunded already and the funds declined (refunds
with reason "overpayment" or "declined" that have not failed; refunds for other reasons, such as
returned goods, do not count), and never more than the payment has left to refund,
amount_received - amount_refunded: a large refund for returned goods may have sent part of it.
Declined funds were refunded in full while the payment required action; late funds that reopened
it, and that you accepted, are all you kept. Worked out with Decimal, never with
floating point. Safe to run again: a re-run refunds only what is still owed, and never twice.
Usage: COINWHARF_SECRET_KEY=cw_test_... PAYMENT_ID=pay_... REFUND_ADDRESS=0x... python3 refund_overpayment.py
"""
import hashlib
import json
import os
import sys
import time
from decimal import Decimal

import requests

from refund_address import refund_address_problem

API_BASE = os.environ.get("COINWHARF_API_BASE") or "https://api.coinwharf.com/v1"
# Without the line break a key read from a file often ends with.
SECRET_KEY = (os.environ.get("COINWHARF_SECRET_KEY") or "").strip()
PAYMENT_ID = os.environ.get("PAYMENT_ID")
ADDRESS = (os.environ.get("REFUND_ADDRESS") or "").strip()
ATTEMPTS = 6
if not SECRET_KEY:
    sys.exit("Set COINWHARF_SECRET_KEY to your cw_test_ secret key")
if not PAYMENT_ID:
    sys.exit("Set PAYMENT_ID to the id of the overpaid payment (pay_...)")
if not ADDRESS:
    sys.exit("Set REFUND_ADDRESS to the address your customer gave you for this refund")


class RefusedEarlier(Exception):
    """A 4xx stored under the Idempotency-Key by an earlier run, and replayed: it created nothing."""


def call(method, path, **kwargs):
    """Sends a request; retries a 429, a 5xx, a network error or a 409 idempotency_in_progress.

    In_progress means the same refund is still running, say from a run you stopped. No answer: none
    within 30 s, or no connection within 10 s. Every attempt is the same request, Idempotency-Key
    included. Waits Retry-After when given, else 1, 2, 4, 8, then 16 s: at most 6 attempts, and 31 s
    of waiting unless Retry-After asks for more.
    """
    headers = {"Authorization": f"Bearer {SECRET_KEY}", **kwargs.pop("headers", {})}
    for attempt in range(1, ATTEMPTS + 1):
        try:
            # No redirects: following one would turn a POST into a GET that refunds nothing.
            response = requests.request(
                method, f"{API_BASE}{path}", headers=headers, timeout=(10, 30), allow_redirects=False, **kwargs
            )
        except (requests.ConnectionError, requests.Timeout, requests.exceptions.ChunkedEncodingError) as error:
            # No answer, or one cut short: sending it again may get one.
            if attempt == ATTEMPTS:
                sys.exit(f"No answer after {ATTEMPTS} attempts: {error}")
            what, retry_after = error, ""
        except requests.exceptions.InvalidHeader:
            # Its message quotes the header, which holds the secret key: never print it.
            sys.exit("Cannot send the request: a header is not valid; check COINWHARF_SECRET_KEY for spaces or line breaks")
        except requests.RequestException as error:
            # A request that cannot be sent as written (a malformed COINWHARF_API_BASE, say): no retry helps.
            sys.exit(f"Cannot send the request: {error}")
        else:
            running = response.status_code == 409 and "idempotency_in_progress" in response.text
            if attempt == ATTEMPTS or not (response.status_code == 429 or response.status_code >= 500 or running):
                break
            what, retry_after = response.status_code, response.headers.get("Retry-After", "")
        seconds = int(retry_after) if retry_after.isdigit() else 2 ** (attempt - 1)
        print(f"{what}: retrying in {seconds} s (attempt {attempt + 1} of {ATTEMPTS})", file=sys.stderr)
        time.sleep(seconds)
    try:
        body = response.json()
    except ValueError:
        # Not the API's JSON: a proxy's or load balancer's page, such as an HTML 502.
        content_type = response.headers.get("Content-Type")
        sys.exit(f"{response.status_code} {response.reason}: the answer is not JSON ({content_type})")
    if not response.ok:
        error = body.get("error") if isinstance(body, dict) else None
        if not isinstance(error, dict):
            # JSON, but not the API's error (a proxy's, say): its status and its body, on one line.
            sys.exit(f"{response.status_code} {response.reason}: {json.dumps(body, separators=(',', ':'))}")
        message = f"{response.status_code} {error.get('code')}: {error.get('message')} (request {error.get('request_id')})"
        if response.status_code < 500 and response.headers.get("Idempotent-Replayed") == "true":
            raise RefusedEarlier(message, error["request_id"])
        sys.exit(message)
    return body


payment = call("GET", f"/payments/{PAYMENT_ID}")
if payment["status"] != "succeeded" or "OVER" not in payment["labels"]:
    sys.exit(f"{PAYMENT_ID} is {payment['status']} with labels {payment['labels']}: it was not overpaid")
problem = refund_address_problem(payment["network"], ADDRESS, payment["livemode"], payment["address"])
if problem:
    sys.exit(problem)

def decimal_text(value):
    """A Decimal as the API writes amounts: no trailing zeros past two decimals ("2.50", "0.00041234")."""
    text = format(value.normalize(), "f")
    return text if len(text.partition(".")[2]) >= 2 else format(value.quantize(Decimal("0.01")), "f")


# Every refund of the payment, following has_more: the excess refunded so far, the funds declined
# while it required action, and the failed refunds (their ids join the Idempotency-Key below).
# Decimal from the strings is exact; float("27.50") - float("25.00") is not, for most amounts.
failed, excess_refunded, declined = [], Decimal(0), Decimal(0)
params = {"payment": PAYMENT_ID, "limit": 100}
while True:
    page = call("GET", "/refunds", params=params)
    for refund in page["data"]:
        if refund["status"] == "failed":
            failed.append(refund["id"])
        elif refund["reason"] == "overpayment":
            excess_refunded += Decimal(refund["amount"]["amount"])
        elif refund["reason"] == "declined":
            declined += Decimal(refund["amount"]["amount"])
    if not page["has_more"]:
        break
    params["starting_after"] = page["data"][-1]["id"]

received = Decimal(payment["amount_received"]["amount"])
# Declined funds went back before you accepted the rest: they are not part of the excess.
kept = received - declined
excess = kept - Decimal(payment["amount_due"]["amount"])
excess_left = excess - excess_refunded
if excess <= 0:
    print(
        f"Nothing left to refund: {decimal_text(declined)} {payment['asset']} was declined while the payment "
        f"required action, and the {decimal_text(kept)} {payment['asset']} you kept is not over the "
        f"{payment['amount_due']['amount']} {payment['asset']} due"
    )
    sys.exit(0)
if excess_left <= 0:
    print(f"Nothing left to refund: the excess, {decimal_text(excess_refunded)} {payment['asset']}, is refunded already")
    sys.exit(0)
# What the payment has left to refund, whatever the reason: a refund above it would be refused.
refundable = received - Decimal(payment["amount_refunded"]["amount"])
if refundable <= 0:
    print("Nothing left to refund: everything the payment received is refunded already")
    sys.exit(0)
owed = min(excess_left, refundable)
if owed < excess_left:
    print(
        f"Only {decimal_text(owed)} of the {decimal_text(excess_left)} {payment['asset']} excess is left to refund: "
        "other refunds sent the rest",
        file=sys.stderr,
    )
amount = decimal_text(owed)

# The key names this refund by what it is computed from: the payment, the amount, the excess
# refunded before, the address. So a re-run replays it (or waits for it) instead of refunding
# twice. A refund that failed no longer counts: its id joins the key, so the re-run is a new
# refund, not a replay of the failed one's answer.
named = " ".join([PAYMENT_ID, amount, decimal_text(excess_refunded), ADDRESS, *sorted(failed)])
idempotency_key = "overpayment-" + hashlib.sha256(named.encode()).hexdigest()

# A refusal stored under the key (a 4xx, kept 24 h, such as 409 balance_insufficient) created
# nothing, and would be replayed all day. So ask again under a next key derived from the
# refused one and the refusal's request id: every run follows the same keys, so a re-run
# still replays instead of refunding twice.
while True:
    try:
        refund = call(
            "POST",
            "/refunds",
            headers={"Idempotency-Key": idempotency_key},
            json={
                "payment": PAYMENT_ID,
                "reason": "overpayment",
                "amount": {"amount": amount, "currency": payment["asset"]},
                "address": ADDRESS,
            },
        )
        break
    except RefusedEarlier as refused:
        message, request_id = refused.args
        print(f"{message}: refused earlier, nothing refunded; asking again", file=sys.stderr)
        idempotency_key = "overpayment-" + hashlib.sha256(f"{idempotency_key} {request_id}".encode()).hexdigest()
print(json.dumps(refund, indent=2))
