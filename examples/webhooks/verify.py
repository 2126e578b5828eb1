"""Verify a Coinwharf webhook with the Python standard library (Standard Webhooks v1, HMAC-SHA256)."""

import base64
import hashlib
import hmac
import json
import time
from typing import Mapping

TOLERANCE_SECONDS = 300


class WebhookVerificationError(Exception):
    """The delivery is not genuine: answer 400 and do not process it."""


class WebhookSecretError(ValueError):
    """The configured secret is not a webhook secret: no delivery can be checked with it."""


def secret_key(secret: str) -> bytes:
    """The HMAC key: the base64-decoded part after "whsec_", not the whole string (unlike Stripe).

    Raises WebhookSecretError for a secret that is not whsec_ and base64, such as one cut short when
    copied. Call it when your receiver starts, so that a bad secret stops it there, with this
    message, instead of failing every delivery.
    """
    try:
        key = base64.b64decode(secret.removeprefix("whsec_"), validate=True)
    except ValueError:  # not base64, or not ASCII
        key = b""
    if not key:
        raise WebhookSecretError(
            "The webhook secret is empty or not base64 after whsec_: copy your endpoint's secret again"
        )
    return key


def sign(secret: str, msg_id: str, timestamp: str, raw_body: bytes) -> str:
    """The signature Coinwharf puts in webhook-signature: "v1," + base64(HMAC-SHA256)."""
    key = secret_key(secret)
    signed_content = f"{msg_id}.{timestamp}.".encode() + raw_body
    digest = hmac.new(key, signed_content, hashlib.sha256).digest()
    return "v1," + base64.b64encode(digest).decode()


def verify_webhook(raw_body: bytes, headers: Mapping[str, str], secret: str, now: float | None = None) -> dict:
    """Check one delivery and return its parsed event, or raise WebhookVerificationError.

    raw_body must be the exact bytes received (Flask: request.get_data()).
    """
    headers = {name.lower(): value for name, value in headers.items()}
    msg_id = headers.get("webhook-id")
    timestamp = headers.get("webhook-timestamp")
    signatures = headers.get("webhook-signature")
    if not (msg_id and timestamp and signatures):
        raise WebhookVerificationError("Missing webhook-id, webhook-timestamp or webhook-signature header")

    if not (timestamp.isascii() and timestamp.isdigit()):
        raise WebhookVerificationError("webhook-timestamp is not a Unix time in seconds")
    # A delivery older or newer than 5 minutes is a replay, or your clock is off (use NTP).
    # More than 15 digits is millions of years away, and too long to turn into a number.
    now = time.time() if now is None else now
    if len(timestamp.lstrip("0")) > 15 or abs(now - int(timestamp)) > TOLERANCE_SECONDS:
        raise WebhookVerificationError("webhook-timestamp is more than 300 seconds from now")

    # During a secret rotation the header holds several signatures: "v1,abc… v1,def…".
    expected = sign(secret, msg_id, timestamp, raw_body)
    if not any(hmac.compare_digest(expected.encode(), signature.encode()) for signature in signatures.split(" ")):
        raise WebhookVerificationError("No signature in webhook-signature matches")

    # Only now is the body trusted enough to parse.
    return json.loads(raw_body)
