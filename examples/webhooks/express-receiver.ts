// A Coinwharf webhook receiver with Express 5.
//   COINWHARF_WEBHOOK_SECRET=whsec_… npx tsx express-receiver.ts
import express from 'express';
import type {AddressInfo} from 'node:net';
import {pathToFileURL} from 'node:url';
import {FileEventStore, type EventStore} from './event-store';
import {verifyWebhook, WebhookVerificationError} from './verify-standardwebhooks';
import {fulfil, type CoinwharfEvent} from './webhook-event';

export function createApp(secret: string, store: EventStore): express.Express {
  const app = express();

  // express.raw() on this route keeps the body as the exact bytes that were signed.
  // Don't let express.json() run first (app.use(express.json()) above this line):
  // it replaces the bytes with a parsed object and every signature check fails.
  app.post('/webhooks/coinwharf', express.raw({type: 'application/json'}), async (req, res) => {
    let event: CoinwharfEvent;
    try {
      if (!Buffer.isBuffer(req.body)) throw new WebhookVerificationError('Expected an application/json body');
      event = verifyWebhook(req.body, req.headers, secret);
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      res.status(400).json({error: error.message});
      return;
    }

    // Deliveries can repeat: the webhook-id is recorded once, under a unique constraint.
    const eventId = req.get('webhook-id')!;
    if (!(await store.recordOnce(eventId))) {
      res.status(200).json({received: true, duplicate: true});
      return;
    }
    try {
      await fulfil(event);
    } catch (error) {
      await store.forget(eventId); // answering 500 makes Coinwharf retry it later
      throw error;
    }
    res.status(200).json({received: true});
  });

  // The rest of your API can parse JSON as usual, after the webhook route.
  app.use(express.json());
  return app;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const secret = process.env.COINWHARF_WEBHOOK_SECRET;
  if (!secret) throw new Error('Set COINWHARF_WEBHOOK_SECRET to your endpoint secret (whsec_…)');
  const store = new FileEventStore(process.env.PROCESSED_EVENTS_DIR ?? 'processed-events');
  const server = createApp(secret, store).listen(Number(process.env.PORT ?? 4242), () => {
    const {port} = server.address() as AddressInfo;
    console.log(`Listening for Coinwharf webhooks on http://127.0.0.1:${port}/webhooks/coinwharf`);
  });
}
