"""Test your verifier with the official Standard Webhooks vector, on a pinned clock.

    python3 check_official_vector.py

The vector was signed in 2021, so on today's clock a correct check rejects it as
stale. Pin the clock to the vector's timestamp instead of widening the tolerance.
Its id is the spec's msg_...; Coinwharf's ids are evt_..., and the check never reads it.
"""

from verify import WebhookVerificationError, verify_webhook

SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
BODY = b'{"test": 2432232314}'
HEADERS = {
    "webhook-id": "msg_p5jXN8AQM9LWM0D4loKWxJek",
    "webhook-timestamp": "1614265330",
    "webhook-signature": "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
}
SIGNED_AT = 1614265330


def rejected(body: bytes, now: float | None) -> str:
    try:
        verify_webhook(body, HEADERS, SECRET, now=now)
    except WebhookVerificationError as error:
        return str(error)
    raise AssertionError("the check accepted a delivery it must reject")


# On the vector's own clock, the signature must verify.
assert verify_webhook(BODY, HEADERS, SECRET, now=SIGNED_AT) == {"test": 2432232314}
print("accepted on a clock pinned to 1614265330")

# One byte changed: rejected, clock pinned or not.
rejected(BODY.replace(b"2432232314", b"2432232315"), now=SIGNED_AT)
print("rejected with one byte of the body changed")

# On the real clock the same delivery is a replay, years late: it must fail.
assert "300 seconds" in rejected(BODY, now=None)
print("rejected as stale on the real clock")
