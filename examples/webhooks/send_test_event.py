"""Send your local receiver a payment.succeeded event, signed as Coinwharf signs it.

    COINWHARF_WEBHOOK_SECRET=whsec_… python3 send_test_event.py http://127.0.0.1:4242/webhooks/coinwharf

Add --tamper to change one byte after signing: the receiver must answer 400.
Set EVENT_ID=evt_… and run it twice: the second delivery must not be fulfilled again.
"""

import json
import os
import secrets
import sys
import time
from datetime import datetime, timedelta, timezone

import requests

from verify import WebhookSecretError, secret_key, sign


def iso(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def main() -> int:
    secret = os.environ.get("COINWHARF_WEBHOOK_SECRET")  # the secret your receiver uses
    if not secret:
        print("Set COINWHARF_WEBHOOK_SECRET to the secret your receiver uses (whsec_…)", file=sys.stderr)
        return 2
    try:
        secret_key(secret)
    except WebhookSecretError as error:
        print(f"COINWHARF_WEBHOOK_SECRET: {error}", file=sys.stderr)
        return 2
    args = [arg for arg in sys.argv[1:] if arg != "--tamper"]
    url = args[0] if args else "http://127.0.0.1:4242/webhooks/coinwharf"

    timestamp = int(time.time())
    now = datetime.fromtimestamp(timestamp, timezone.utc)
    created_at = now - timedelta(minutes=4)
    payment_id = "pay_" + secrets.token_hex(12)
    event_id = os.environ.get("EVENT_ID") or "evt_" + secrets.token_hex(12)
    address = "0x7D3a1f9C2b84E5F06A19c3D7e2b5a8f1C4d9e603"

    event = {
        "id": event_id,
        "type": "payment.succeeded",
        "timestamp": iso(now),
        "data": {
            "id": payment_id,
            "object": "payment",
            "livemode": False,
            "status": "succeeded",
            "price": {"amount": "25.00", "currency": "USD"},
            "asset": "USDC",
            "network": "base",
            "amount_due": {"amount": "25.00", "currency": "USDC"},
            "amount_received": {"amount": "25.00", "currency": "USDC"},
            "amount_pending": {"amount": "0.00", "currency": "USDC"},
            "amount_refunded": {"amount": "0.00", "currency": "USDC"},
            "fee": {"amount": "0.25", "currency": "USDC"},
            "asset_contract": "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
            "transactions": [
                {
                    "hash": "0x5c8e2f0a9d4b71c36e18a2f5d09b4c7e3a6f1d82b0c94e57a13d6f28e9b0c4a1",
                    "amount": {"amount": "25.00", "currency": "USDC"},
                    "confirmations": 30,
                    "block_height": 18234410,
                    "seen_at": iso(now - timedelta(minutes=1)),
                }
            ],
            "address": address,
            "payment_uri": "ethereum:0x036CbD53842c5426634e7929541eC2318f3dCF7e@84532/transfer"
            f"?address={address}&uint256=25000000",
            "hosted_url": f"https://pay.coinwharf.com/{payment_id}",
            "expires_at": iso(created_at + timedelta(minutes=15)),
            "confirmations": 30,
            "required_confirmations": 30,
            "labels": [],
            "reference": None,  # a test event pays for no order of yours: it is keyed by its payment id
            "metadata": {"customer_id": "cus_8812"},
            "created_at": iso(created_at),
            "updated_at": iso(now),
        },
    }

    #region request
    body = json.dumps(event).encode()
    signature = sign(secret, event_id, str(timestamp), body)
    if "--tamper" in sys.argv:
        body = body.replace(b'"25.00"', b'"95.00"', 1)

    response = requests.post(
        url,
        data=body,
        headers={
            "content-type": "application/json",
            "webhook-id": event_id,
            "webhook-timestamp": str(timestamp),
            "webhook-signature": signature,
        },
        timeout=15,
    )
    #endregion
    print(f"{event_id} → {response.status_code} {response.text.strip()}")
    return 0 if response.ok else 1


if __name__ == "__main__":
    sys.exit(main())
