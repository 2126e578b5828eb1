"""A Coinwharf webhook receiver with Flask.

    COINWHARF_WEBHOOK_SECRET=whsec_… python3 flask_receiver.py
"""

import os
import sqlite3
from contextlib import closing

from flask import Flask, jsonify, request

from verify import WebhookVerificationError, verify_webhook

SECRET = os.environ["COINWHARF_WEBHOOK_SECRET"]  # your endpoint's whsec_… secret
DATABASE = os.environ.get("PROCESSED_EVENTS_DB", "processed_events.sqlite3")

app = Flask(__name__)


def database() -> sqlite3.Connection:
    connection = sqlite3.connect(DATABASE, isolation_level=None)  # autocommit
    connection.execute(
        "CREATE TABLE IF NOT EXISTS processed_events"
        " (event_id TEXT PRIMARY KEY, received_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP)"
    )
    return connection


def record_once(event_id: str) -> bool:
    """True the first time an event id is recorded: the PRIMARY KEY refuses repeats."""
    with closing(database()) as db:
        inserted = db.execute(
            "INSERT INTO processed_events (event_id) VALUES (?) ON CONFLICT DO NOTHING", (event_id,)
        )
        return inserted.rowcount == 1


def forget(event_id: str) -> None:
    with closing(database()) as db:
        db.execute("DELETE FROM processed_events WHERE event_id = ?", (event_id,))


def fulfil(event: dict) -> None:
    """Called once per event. Keep it quick; send emails and ship from a job queue."""
    if event["type"] == "payment.succeeded":
        payment = event["data"]
        received = payment["amount_received"]
        print(f"{event['id']} fulfilled {payment['id']} for {payment['reference']}: "
              f"{received['amount']} {received['currency']} on {payment['network']}", flush=True)
    else:
        # Events can arrive out of order: compare data.updated_at with what you stored,
        # or fetch GET /v1/payments/{id}, before acting on any other status.
        print(f"{event['id']} {event['type']} for {event['data']['id']}: nothing to do", flush=True)


@app.post("/webhooks/coinwharf")
def coinwharf_webhook():
    # The raw bytes, exactly as signed. Read them before anything touches request.json.
    raw_body = request.get_data()
    try:
        event = verify_webhook(raw_body, request.headers, SECRET)
    except WebhookVerificationError as error:
        return jsonify(error=str(error)), 400

    # Deliveries can repeat: the webhook-id is recorded once, under a unique constraint.
    event_id = request.headers["webhook-id"]
    if not record_once(event_id):
        return jsonify(received=True, duplicate=True), 200
    try:
        fulfil(event)
    except Exception:
        forget(event_id)  # answering 500 makes Coinwharf retry it later
        raise
    return jsonify(received=True), 200


if __name__ == "__main__":
    # For production, run it under a WSGI server: gunicorn flask_receiver:app
    app.run(port=int(os.environ.get("PORT", "4242")))
