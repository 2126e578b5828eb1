"""Find a payment by your order reference, created at or after CREATED_SINCE.

CREATED_SINCE is an ISO 8601 time a little before you sent the create. For when the answer to
a create was lost and its Idempotency-Key is past its 24 hours, so a retry would create a
second payment.
Every match is a payment created with that reference; what to do, by its status:
- awaiting_payment or pending: open; the customer can pay it, or is paying it.
- requires_action: funds arrived short or late; accept or refund them.
- succeeded: paid; fulfil the order, once.
- expired, canceled or failed: ended unpaid (its quote ran out, you cancelled it
  or refunded its funds, or a reorg removed its transaction). Funds that still
  reach it within 30 days reopen it as requires_action.
If a match is awaiting_payment, pending, requires_action or succeeded, create no
other payment. No match (past 24 hours, the create never reached Coinwharf), or
only expired, canceled or failed ones: create a new payment with a new key, if
the customer still wants to pay (after a failed one, once the customer confirms
their transaction is gone: a dropped transaction is usually mined later).
Usage: COINWHARF_SECRET_KEY=cw_test_... REFERENCE=order_1042 CREATED_SINCE=2026-11-24T18:00:00Z python3 find_payment.py
"""
import json
import os
import sys
import time

import requests

API_BASE = os.environ.get("COINWHARF_API_BASE") or "https://api.coinwharf.com/v1"
# Without the line break a key read from a file often ends with.
SECRET_KEY = (os.environ.get("COINWHARF_SECRET_KEY") or "").strip()
REFERENCE = os.environ.get("REFERENCE")
CREATED_SINCE = os.environ.get("CREATED_SINCE")
ATTEMPTS = 6
if not SECRET_KEY:
    print("Set COINWHARF_SECRET_KEY to your cw_test_ secret key", file=sys.stderr)
    sys.exit(2)
if not REFERENCE:
    print("Set REFERENCE to the reference you gave the payment, such as order_1042", file=sys.stderr)
    sys.exit(2)
if not CREATED_SINCE:
    print(
        "Set CREATED_SINCE to an ISO 8601 time before the payment was created, such as 2026-11-24T18:00:00Z",
        file=sys.stderr,
    )
    sys.exit(2)


def send(method, url, **kwargs):
    """Sends a request; sends it again on no answer, a 429 or a 5xx.

    No answer: none within 30 s, or no connection within 10 s. A GET changes nothing, so it is safe
    to send again. Waits the Retry-After seconds the API asks for, else 1, 2, 4, 8, then 16 s: at
    most 6 attempts, and 31 s of waiting unless Retry-After asks for more, as someone is waiting for
    the answer.
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
            if attempt == ATTEMPTS or (response.status_code != 429 and response.status_code < 500):
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
# Every page of matches: while has_more is true, ask for the page after the last id.
payments = []
params = {"reference": REFERENCE, "created[gte]": CREATED_SINCE, "limit": 100}
while True:
    page = send("GET", f"{API_BASE}/payments", params=params, headers={"Authorization": f"Bearer {SECRET_KEY}"})
    payments.extend(page["data"])
    if not page["has_more"]:
        break
    params["starting_after"] = page["data"][-1]["id"]
#endregion
# All the matches, as one list.
print(json.dumps({"object": "list", "data": payments, "has_more": False}, indent=2))
