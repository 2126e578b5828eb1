// A Coinwharf webhook receiver for the Next.js App Router.
// Save it as app/api/webhooks/coinwharf/route.ts; it serves POST /api/webhooks/coinwharf.
// Put the helpers it imports in your project, for example under lib/coinwharf/.
import {FileEventStore} from './event-store';
import {verifyWebhook, WebhookVerificationError} from './verify-standardwebhooks';
import {fulfil, type CoinwharfEvent} from './webhook-event';

export async function POST(request: Request): Promise<Response> {
  const secret = process.env.COINWHARF_WEBHOOK_SECRET;
  if (!secret) throw new Error('Set COINWHARF_WEBHOOK_SECRET to your endpoint secret (whsec_…)');
  // On serverless hosts each instance has its own disk: use the database store there (see event-store.ts).
  const store = new FileEventStore(process.env.PROCESSED_EVENTS_DIR ?? 'processed-events');

  // The raw text, exactly as signed. Never call request.json() before verifying.
  const rawBody = await request.text();
  let event: CoinwharfEvent;
  try {
    event = verifyWebhook(rawBody, request.headers, secret);
  } catch (error) {
    if (!(error instanceof WebhookVerificationError)) throw error;
    return Response.json({error: error.message}, {status: 400});
  }

  // Deliveries can repeat: the webhook-id is recorded once, under a unique constraint.
  const eventId = request.headers.get('webhook-id')!;
  if (!(await store.recordOnce(eventId))) {
    return Response.json({received: true, duplicate: true});
  }
  try {
    await fulfil(event); // slow work goes to a job queue, or after() from 'next/server'
  } catch (error) {
    await store.forget(eventId); // answering 500 makes Coinwharf retry it later
    throw error;
  }
  return Response.json({received: true});
}
