// A Coinwharf webhook receiver with Express 5.
//   COINWHARF_WEBHOOK_SECRET=whsec_… npx tsx express-receiver.ts
import express from 'express';
import type {AddressInfo} from 'node:net';
import {pathToFileURL} from 'node:url';
import {EventStore} from './event-store';
import {checkedSecret, verifyWebhook, WebhookVerificationError} from './verify-standardwebhooks';
import type {CoinwharfEvent} from './webhook-event';

export function createApp(secret: string, store: EventStore): express.Express {
  checkedSecret(secret); // once, here, not at every delivery
  const app = express();

  // express.raw() on this route keeps the body as the exact bytes that were signed.
  // Don't let express.json() run first (app.use(express.json()) above this line):
  // it replaces the bytes with a parsed object and every signature check fails. The limit: Express's
  // default, 100 kB, would refuse the events of a payment with many transactions, each in the body.
  app.post('/webhooks/coinwharf', express.raw({type: 'application/json', limit: '1mb'}), (req, res) => {
    const eventId = req.get('webhook-id') ?? '(no webhook-id)';
    let event: CoinwharfEvent;
    try {
      if (!Buffer.isBuffer(req.body)) throw new WebhookVerificationError('Expected an application/json body');
      event = verifyWebhook(req.body, req.headers, secret);
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      console.log(`${eventId} refused with 400: ${error.message}`);
      res.status(400).json({error: error.message});
      return;
    }

    // Deliveries can repeat: the id and the order update are written in one transaction.
    // If it throws, Express answers 500 and Coinwharf retries the event later.
    const done = store.processOnce(eventId, event);
    if (done === null) {
      console.log(`${eventId} already processed: answered 200, nothing done`);
      res.status(200).json({received: true, duplicate: true});
      return;
    }
    console.log(done);
    res.status(200).json({received: true});
  });

  // The rest of your API can parse JSON as usual, after the webhook route.
  app.use(express.json());
  return app;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  let secret: string;
  try {
    secret = checkedSecret(process.env.COINWHARF_WEBHOOK_SECRET);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2); // the usual status for a usage error; nothing was started
  }
  const store = new EventStore(process.env.PROCESSED_EVENTS_DB ?? 'webhooks.sqlite3');
  // On this machine only, as the line below says; a tunnel reaches it there.
  const server = createApp(secret, store).listen(Number(process.env.PORT ?? 4242), '127.0.0.1', () => {
    const {port} = server.address() as AddressInfo;
    console.log(`Listening for Coinwharf webhooks on http://127.0.0.1:${port}/webhooks/coinwharf`);
  });
}
