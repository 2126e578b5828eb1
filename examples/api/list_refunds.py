"""List the refunds of one payment, newest first, failed ones included.

The payment's amount_refunded counts only those that have not failed. Follows has_more to the
last page and prints all of them as one list.
Usage: COINWHARF_SECRET_KEY=cw_test_... PAYMENT_ID=pay_... python3 list_refunds.py
"""
import json
import os
import sys
import time

import requests

API_BASE = os.environ.get("COINWHARF_API_BASE") or "https://api.coinwharf.com/v1"
# Without the line break a key read from a file often ends with.
SECRET_KEY = (os.environ.get("COINWHARF_SECRET_KEY") or "").strip()
PAYMENT_ID = os.environ.get("PAYMENT_ID")
ATTEMPTS = 6
if not SECRET_KEY:
    print("Set COINWHARF_SECRET_KEY to your cw_test_ secret key", file=sys.stderr)
    sys.exit(2)
if not PAYMENT_ID:
    print("Set PAYMENT_ID to the id of a payment (pay_...)", file=sys.stderr)
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
# Every page: while has_more is true, ask for the page after the last id.
refunds = []
params = {"payment": PAYMENT_ID, "limit": 100}
while True:
    page = send("GET", f"{API_BASE}/refunds", params=params, headers={"Authorization": f"Bearer {SECRET_KEY}"})
    refunds.extend(page["data"])
    if not page["has_more"]:
        break
    params["starting_after"] = page["data"][-1]["id"]
#endregion
# All the refunds, as one list.
print(json.dumps({"object": "list", "data": refunds, "has_more": False}, indent=2))
