"""A Coinwharf webhook receiver with Flask.

    COINWHARF_WEBHOOK_SECRET=whsec_… python3 flask_receiver.py
"""

import os
import sqlite3
import sys
from contextlib import closing

from flask import Flask, jsonify, request
from werkzeug.serving import make_server

from verify import WebhookSecretError, WebhookVerificationError, secret_key, verify_webhook

SECRET = os.environ.get("COINWHARF_WEBHOOK_SECRET")  # your endpoint's whsec_… secret
if not SECRET:
    print("Set COINWHARF_WEBHOOK_SECRET to your endpoint secret (whsec_…)", file=sys.stderr)
    sys.exit(2)
try:
    secret_key(SECRET)  # a bad secret stops the receiver here, not at every delivery
except WebhookSecretError as error:
    print(f"COINWHARF_WEBHOOK_SECRET: {error}", file=sys.stderr)
    sys.exit(2)
DATABASE = os.environ.get("PROCESSED_EVENTS_DB", "webhooks.sqlite3")

app = Flask(__name__)


def database() -> sqlite3.Connection:
    # isolation_level=None: the transaction is the explicit BEGIN below. timeout: several
    # processes may share the file, so wait for the other's transaction to end.
    connection = sqlite3.connect(DATABASE, isolation_level=None, timeout=5)
    connection.execute(
        "CREATE TABLE IF NOT EXISTS processed_events"
        " (event_id TEXT PRIMARY KEY, processed_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP)"
    )
    # One row per fulfilled order, keyed by its reference; payment_id is the payment that paid it.
    # Your own orders table already holds each order from checkout: see apply_event.
    connection.execute(
        "CREATE TABLE IF NOT EXISTS fulfilments (reference TEXT PRIMARY KEY, payment_id TEXT NOT NULL)"
    )
    return connection


def minus(a: str, b: str) -> str:
    """a - b for decimal strings, exactly, in whole units: minus("27.50", "25.00") is "2.50".

    Not float, and not Decimal's str(), which writes "1E-8" for a small amount.
    """
    places = max(len(a.partition(".")[2]), len(b.partition(".")[2]))

    def units(value: str) -> int:
        whole, _, fraction = value.partition(".")
        return int(whole + fraction.ljust(places, "0"))

    difference = units(a) - units(b)
    sign = "-" if difference < 0 else ""
    digits = str(abs(difference)).rjust(places + 1, "0")
    return sign + digits if places == 0 else f"{sign}{digits[:-places]}.{digits[-places:]}"


def positive(amount: str) -> bool:
    """True for a decimal string above zero: "2.50", not "0.00" or "-1.00"."""
    return not amount.startswith("-") and any(digit in "123456789" for digit in amount)


def fulfilled_by(db: sqlite3.Connection, order: str) -> str | None:
    """The payment that fulfilled an order, or None while no payment has."""
    row = db.execute("SELECT payment_id FROM fulfilments WHERE reference = ?", (order,)).fetchone()
    return row[0] if row else None


def decision(payment: dict, order: str, paid_by: str | None) -> str:
    """What to do with the funds of a payment that requires action (UNDER or LATE).

    Accept them only for an order no other payment has paid: accepting makes the payment succeed and
    takes the 1 % fee, and refunding it after that can meet 409 balance_insufficient. Refunding funds
    that still require action takes no fee and never meets that error.
    """
    if paid_by is None:
        return "it waits until you accept it or refund it in full"
    if paid_by == payment["id"]:
        # This payment succeeded and fulfilled the order since: the event is older than that.
        return f"it has since succeeded and fulfilled {order}: nothing to decide"
    return f"{order} is already paid by {paid_by}: refund these funds in full, do not accept"


def apply_event(db: sqlite3.Connection, event: dict) -> str:
    """Applies one event to your orders, inside the transaction that records its id. Keep it quick.

    It reports what the event says, and what the fulfilments table says of its order; it stores no
    payment state: events arrive in any order, and a stored state would go stale. Work out an amount
    to refund when you refund, from GET /v1/payments/{id} (the refunds guide's refund_overpayment.py
    does), never from an event.
    """
    payment = event["data"]
    if payment.get("object") == "refund" and event["type"] == "refund.failed":
        refund = payment
        # The customer is still owed the amount, which is refundable again. A refund does not say why
        # it failed, and an address that cannot receive the asset fails again: ask the customer to
        # confirm the address (with its network and asset) or give another, then create a new refund.
        return (f"{event['id']} refund.failed for {refund['id']} of {refund['payment']}: "
                f"{refund['amount']['amount']} {refund['amount']['currency']} to {refund['address']} "
                f"on {refund['network']} not returned; confirm the address with the customer and refund again")
    if payment.get("object") != "payment":
        return f"{event['id']} {event['type']} for {payment['id']}: nothing to do"
    # A payment without a reference (None or "") is an order of its own, keyed by its id.
    order = payment["reference"] or payment["id"]
    received = payment["amount_received"]["amount"]
    due = payment["amount_due"]["amount"]
    asset = payment["amount_received"]["currency"]
    labels = ", ".join(payment["labels"])
    # Left to refund: amount_received less amount_refunded. A payment you refunded in full while it
    # required action, that late funds reopened, has received both; only the late funds are left.
    refunded = payment["amount_refunded"]["amount"]
    left = minus(received, refunded)
    refunded_part = f" ({refunded} {asset} of it refunded, {left} {asset} left to refund)" if positive(refunded) else ""
    # OVER: more than amount_due arrived, at once or later. The note gives an amount over amount_due,
    # not what is still owed: a refund of the excess sends payment.updated too. The refunds guide's
    # refund_overpayment.py works out what is owed from the API, and refunds only that: running it
    # again is safe.
    def over_note(excess: str) -> str:
        return (f"; {excess} {asset} received over amount_due: run refund-overpayment,"
                " which refunds only what is still owed of it"
                if "OVER" in payment["labels"] and positive(excess) else "")

    # payment.updated: what was received over amount_due, which refunds never change.
    over = over_note(minus(received, due))

    if event["type"] == "payment.succeeded":
        # Before a payment succeeds, its only refunds are declined ones: the full refund of funds that
        # required action, before late funds reopened it. What you kept is amount_received less
        # amount_refunded, and short or over is worked out from that, not from the gross amount.
        kept = left
        kept_over = over_note(minus(kept, due))
        kept_part = (f"{kept} {asset} on {payment['network']} ({received} {asset} received, "
                     f"{refunded} {asset} of it refunded before you accepted it)"
                     if positive(refunded) else f"{received} {asset} on {payment['network']}")
        # One order is fulfilled once, by the first payment that succeeds for it: one row per
        # fulfilled order. Your own orders table already holds the order from checkout: mark it
        # instead, with UPDATE orders SET paid_by = ? WHERE reference = ? AND paid_by IS NULL AND
        # canceled_at IS NULL, and fulfil only when that changed one row (cursor.rowcount == 1; 0: a
        # payment paid it already, you canceled the order before refunding it, or no order has that
        # reference: unless this payment paid it, fetch it, and unless it is refunded in full (the
        # refund that went with a cancel), refund what is left, amount_received less amount_refunded).
        # Where an order's total can change after checkout, compare payment["price"] with the
        # order's current total here too: a payment for an old total is refunded, not fulfilled.
        inserted = db.execute(
            "INSERT INTO fulfilments (reference, payment_id) VALUES (?, ?) ON CONFLICT DO NOTHING",
            (order, payment["id"]),
        )
        if inserted.rowcount == 1:
            # Less than amount_due kept on a succeeded payment: you accepted its funds (POST /v1/payments/{id}/accept).
            short = minus(due, kept)
            accepted = f", accepted {short} {asset} short of the {due} {asset} due" if positive(short) else ""
            return f"{event['id']} fulfilled {payment['id']} for {order}: {kept_part}{accepted}{kept_over}"
        paid_by = fulfilled_by(db, order)
        # This payment's success again, under another event id: it paid the order already.
        if paid_by == payment["id"]:
            return (f"{event['id']} {payment['id']}: {order} is already fulfilled by this payment, "
                    f"not fulfilled again{kept_over}")
        # Another payment for an order already paid: the customer paid twice.
        return (f"{event['id']} {payment['id']}: {order} is already paid by {paid_by}, not fulfilled again; "
                f"refund this payment in full ({left} {asset})")

    if event["type"] == "payment.updated":
        # Amounts or labels changed, the status did not: never fulfil on it. The line says what the
        # payment holds in the status it still has.
        amounts = (f"{received} of {due} {asset} received{refunded_part} and "
                   f"{payment['amount_pending']['amount']} {asset} confirming")
        status = payment["status"]
        if status == "succeeded":
            return f"{event['id']} payment.updated for {payment['id']}: still succeeded, not fulfilled again{over}"
        if status == "pending":
            return (f"{event['id']} payment.updated for {payment['id']}: still pending, {amounts}; "
                    "fulfilled only on payment.succeeded")
        if status == "requires_action":
            return (f"{event['id']} payment.updated for {payment['id']}: still requires_action ({labels}), "
                    f"{amounts}; {decision(payment, order, fulfilled_by(db, order))}")
        return f"{event['id']} payment.updated for {payment['id']}: still {status}, nothing to do"

    if event["type"] == "payment.requires_action":
        # UNDER or LATE: the funds wait for you, with no deadline, until you accept them or refund them
        # all. The line checks the fulfilments table: funds for an order another payment has paid are
        # refunded, never accepted. A payment for the order can still succeed after this event, so
        # check again before you accept: list the payments waiting with
        # GET /v1/payments?status=requires_action.
        # Three states, worded apart: yours to decide; an old event of a payment that has since
        # succeeded; funds of an order another payment paid.
        paid_by = fulfilled_by(db, order)
        state = ("needs your decision" if paid_by is None
                 else "no longer needs a decision" if paid_by == payment["id"] else "must be refunded")
        return (f"{event['id']} {payment['id']} for {order} {state} ({labels}): "
                f"{received} of {due} {asset} received{refunded_part}; {decision(payment, order, paid_by)}")

    return f"{event['id']} {event['type']} for {payment['id']}: nothing to do"


def process_once(event_id: str, event: dict) -> str | None:
    """Records the event id and applies the event in ONE transaction; None for a repeat.

    If the process dies half-way, neither is kept and Coinwharf's retry processes the event.
    """
    with closing(database()) as db:
        db.execute("BEGIN IMMEDIATE")
        try:
            # The PRIMARY KEY is the unique constraint: a second insert of the same id changes no row.
            inserted = db.execute(
                "INSERT INTO processed_events (event_id) VALUES (?) ON CONFLICT DO NOTHING", (event_id,)
            )
            if inserted.rowcount == 0:
                db.execute("ROLLBACK")
                return None
            done = apply_event(db, event)
            db.execute("COMMIT")
            return done
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")  # nothing kept: the retry starts again
            raise


@app.post("/webhooks/coinwharf")
def coinwharf_webhook():
    event_id = request.headers.get("webhook-id", "(no webhook-id)")
    # The raw bytes, exactly as signed. Read them before anything touches request.json.
    raw_body = request.get_data()
    try:
        event = verify_webhook(raw_body, request.headers, SECRET)
    except WebhookVerificationError as error:
        print(f"{event_id} refused with 400: {error}", flush=True)
        return jsonify(error=str(error)), 400

    # Deliveries can repeat: the id and the order update are written in one transaction.
    # If it raises, Flask answers 500 and Coinwharf retries the event later.
    done = process_once(event_id, event)
    if done is None:
        print(f"{event_id} already processed: answered 200, nothing done", flush=True)
        return jsonify(received=True, duplicate=True), 200
    print(done, flush=True)
    return jsonify(received=True), 200


if __name__ == "__main__":
    # For production, run it under a WSGI server: gunicorn flask_receiver:app
    server = make_server("127.0.0.1", int(os.environ.get("PORT", "4242")), app, threaded=True)
    print(f"Listening for Coinwharf webhooks on http://127.0.0.1:{server.server_port}/webhooks/coinwharf", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:  # Ctrl+C
        pass
