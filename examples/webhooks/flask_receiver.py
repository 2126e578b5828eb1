"""A Coinwharf webhook receiver with Flask.

    COINWHARF_WEBHOOK_SECRET=whsec_… python3 flask_receiver.py
"""

import os
import sqlite3
from contextlib import closing
from decimal import Decimal

from flask import Flask, jsonify, request
from werkzeug.serving import make_server

from verify import WebhookVerificationError, verify_webhook

SECRET = os.environ["COINWHARF_WEBHOOK_SECRET"]  # your endpoint's whsec_… secret
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
    connection.execute(
        "CREATE TABLE IF NOT EXISTS orders (reference TEXT PRIMARY KEY, status TEXT NOT NULL,"
        " payment_id TEXT NOT NULL)"  # the payment that paid it
    )
    connection.execute(  # each payment's newest state, amounts as decimal strings
        "CREATE TABLE IF NOT EXISTS payments (payment_id TEXT PRIMARY KEY, reference TEXT NOT NULL,"
        " status TEXT NOT NULL, updated_at TEXT NOT NULL, amount_due TEXT NOT NULL,"
        " amount_received TEXT NOT NULL, amount_refunded TEXT NOT NULL)"
    )
    return connection


def apply_event(db: sqlite3.Connection, event: dict) -> str:
    """Applies one event to your orders, inside the transaction that records its id. Keep it quick."""
    payment = event["data"]
    if payment.get("object") != "payment":
        return f"{event['id']} {event['type']} for {payment['id']}: nothing to do"
    order = payment["reference"] or payment["id"]
    received = payment["amount_received"]

    # Events arrive in any order: keep each payment's newest state (by updated_at), never an older one.
    # updated_at counts seconds: when two states share one, the later delivery wins. Where that
    # matters (the amount you refund), fetch GET /v1/payments/{id} before you act.
    db.execute(
        "INSERT INTO payments (payment_id, reference, status, updated_at, amount_due, amount_received,"
        " amount_refunded) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (payment_id) DO UPDATE SET"
        " status = excluded.status, updated_at = excluded.updated_at, amount_received = excluded.amount_received,"
        " amount_refunded = excluded.amount_refunded WHERE excluded.updated_at >= payments.updated_at",
        (payment["id"], order, payment["status"], payment["updated_at"], payment["amount_due"]["amount"],
         received["amount"], payment.get("amount_refunded", {}).get("amount", "0")),
    )

    if event["type"] == "payment.succeeded":
        # One order is fulfilled once, by the first payment that succeeds for it.
        inserted = db.execute(
            "INSERT INTO orders (reference, status, payment_id) VALUES (?, 'paid', ?) ON CONFLICT DO NOTHING",
            (order, payment["id"]),
        )
        if inserted.rowcount == 0:
            return f"{event['id']} {payment['id']}: {order} is already paid, not fulfilled again{owed(db, payment)}"
        return (f"{event['id']} fulfilled {payment['id']} for {order}: "
                f"{received['amount']} {received['currency']} on {payment['network']}{owed(db, payment)}")

    if event["type"] == "payment.updated":
        # Amounts or labels changed, the status did not: never fulfil again.
        return f"{event['id']} payment.updated for {payment['id']}: not fulfilled again{owed(db, payment)}"

    # For any other status, act on the stored newest state, or fetch GET /v1/payments/{id}.
    return f"{event['id']} {event['type']} for {payment['id']}: nothing to do"


def owed(db: sqlite3.Connection, payment: dict) -> str:
    """What the customer is owed back, from the payment's newest stored state: for the payment that
    paid the order, the confirmed funds over amount_due; for a second payment of an order already
    paid, all of it. Less what was already refunded either way. Decimal: exact, never float."""
    status, due, received, refunded, paid_by = db.execute(
        "SELECT p.status, p.amount_due, p.amount_received, p.amount_refunded, o.payment_id"
        " FROM payments p LEFT JOIN orders o ON o.reference = p.reference WHERE p.payment_id = ?",
        (payment["id"],),
    ).fetchone()
    if status != "succeeded" or paid_by is None:
        return ""
    kept = Decimal(due) if paid_by == payment["id"] else Decimal(0)
    back = Decimal(received) - kept - Decimal(refunded)
    return f"; {back} {payment['amount_received']['currency']} to refund" if back > 0 else ""


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
