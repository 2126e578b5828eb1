"""Refund a payment to an address your customer gave you, on the payment's network.

With REFUND_AMOUNT (and REFUND_CURRENCY, the payment's asset), refunds that much.
Without it, refunds all that is left: everything still refundable, or, with
REFUND_REASON=overpayment, what is left of an OVER payment's excess (received over
due, less its overpayment and declined refunds that have not failed).
REFUND_REASON=overpayment marks a refund of that excess; without it the reason is
"declined" for a payment that requires action (refunded in full), else "other".
Usage: COINWHARF_SECRET_KEY=cw_test_... PAYMENT_ID=pay_... REFUND_ADDRESS=0x... python3 create_refund.py
"""
import json
import os
import sys
import time
import uuid

import requests

API_BASE = os.environ.get("COINWHARF_API_BASE") or "https://api.coinwharf.com/v1"
# Without the line break a key read from a file often ends with.
SECRET_KEY = (os.environ.get("COINWHARF_SECRET_KEY") or "").strip()
PAYMENT_ID = os.environ.get("PAYMENT_ID")
ADDRESS = os.environ.get("REFUND_ADDRESS")
AMOUNT = os.environ.get("REFUND_AMOUNT")
CURRENCY = os.environ.get("REFUND_CURRENCY")
REASON = os.environ.get("REFUND_REASON")
ATTEMPTS = 6
if not SECRET_KEY:
    print("Set COINWHARF_SECRET_KEY to your cw_test_ secret key", file=sys.stderr)
    sys.exit(2)
if not PAYMENT_ID:
    print("Set PAYMENT_ID to the id of the payment to refund (pay_...)", file=sys.stderr)
    sys.exit(2)
if not ADDRESS:
    print("Set REFUND_ADDRESS to the address your customer gave you for this refund", file=sys.stderr)
    sys.exit(2)
if AMOUNT and not CURRENCY:
    print("Set REFUND_CURRENCY to the payment's asset, such as USDC", file=sys.stderr)
    sys.exit(2)


def send(method, url, **kwargs):
    """Sends a request; sends it again on no answer, a 429, a 5xx or a 409 idempotency_in_progress.

    No answer: none within 30 s, or no connection within 10 s. The Idempotency-Key is the same on
    every attempt, so the API acts once however many reach it. Waits the Retry-After seconds the API
    asks for, else 1, 2, 4, 8, then 16 s: at most 6 attempts, and 31 s of waiting unless Retry-After
    asks for more, as someone is waiting for the answer.
    """
    for attempt in range(1, ATTEMPTS + 1):
        try:
            # No redirects: following one would turn a POST into a GET that creates nothing.
            response = requests.request(method, url, timeout=(10, 30), allow_redirects=False, **kwargs)
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
            # 409 idempotency_in_progress: the same request is still running (an earlier attempt).
            running = response.status_code == 409 and "_in_progress" in response.text
            if attempt == ATTEMPTS or (response.status_code != 429 and response.status_code < 500 and not running):
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
        sys.exit(f"{response.status_code} {error.get('code')}: {error.get('message')} (request {error.get('request_id')})")
    return body


#region request
# The amount is a decimal string in the payment's asset, never a number.
refund = {"payment": PAYMENT_ID, "address": ADDRESS}
if AMOUNT:
    refund["amount"] = {"amount": AMOUNT, "currency": CURRENCY}
if REASON:
    refund["reason"] = REASON

# A fresh UUID v4 per operation. If this script stops before it prints an answer, run it
# again within 24 hours with IDEMPOTENCY_KEY set to the key it printed: the API then acts
# once, not twice.
idempotency_key = os.environ.get("IDEMPOTENCY_KEY") or str(uuid.uuid4())
print(f"Idempotency-Key: {idempotency_key}", file=sys.stderr)
result = send(
    "POST",
    f"{API_BASE}/refunds",
    headers={
        "Authorization": f"Bearer {SECRET_KEY}",
        "Idempotency-Key": idempotency_key,
    },
    json=refund,
)
#endregion
print(json.dumps(result, indent=2))
