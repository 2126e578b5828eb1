// A Coinwharf webhook receiver for the Next.js App Router.
// Save it as app/api/webhooks/coinwharf/route.ts; it serves POST /api/webhooks/coinwharf.
// Save the three files it imports next to it, in app/api/webhooks/coinwharf/:
// event-store.ts, verify-standardwebhooks.ts and webhook-event.ts. Only route.ts is a route.
import {EventStore} from './event-store';
import {checkedSecret, verifyWebhook, WebhookVerificationError} from './verify-standardwebhooks';
import type {CoinwharfEvent} from './webhook-event';

export const runtime = 'nodejs'; // node:sqlite and node:crypto need the Node.js runtime, not the Edge one

// The secret is checked at the first delivery, not when the route loads: `next build` loads every
// route, often where the secret is not set. A bad one throws one line: Next.js logs it and answers
// 500, and Coinwharf sends the event again once you have fixed the secret.
let secret: string | undefined;
let store: EventStore | undefined;

export async function POST(request: Request): Promise<Response> {
  secret ??= checkedSecret(process.env.COINWHARF_WEBHOOK_SECRET);
  // On serverless hosts each instance has its own disk: use your database there (see event-store.ts).
  store ??= new EventStore(process.env.PROCESSED_EVENTS_DB ?? 'webhooks.sqlite3');

  // The raw text, exactly as signed. Never call request.json() before verifying.
  const rawBody = await request.text();
  const eventId = request.headers.get('webhook-id') ?? '(no webhook-id)';
  let event: CoinwharfEvent;
  try {
    event = verifyWebhook(rawBody, request.headers, secret);
  } catch (error) {
    if (!(error instanceof WebhookVerificationError)) throw error;
    console.log(`${eventId} refused with 400: ${error.message}`);
    return Response.json({error: error.message}, {status: 400});
  }

  // Deliveries can repeat: the id and the order update are written in one transaction.
  // If it throws, Next.js answers 500 and Coinwharf retries the event later.
  const done = store.processOnce(eventId, event); // slow work: a job queued in that same transaction, never after()
  if (done === null) {
    console.log(`${eventId} already processed: answered 200, nothing done`);
    return Response.json({received: true, duplicate: true});
  }
  console.log(done);
  return Response.json({received: true});
}
