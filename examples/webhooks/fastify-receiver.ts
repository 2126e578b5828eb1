// A Coinwharf webhook receiver with Fastify 5.
//   npm install fastify standardwebhooks tsx
//   COINWHARF_WEBHOOK_SECRET=whsec_… npx tsx fastify-receiver.ts
import Fastify, {type FastifyInstance} from 'fastify';
import type {AddressInfo} from 'node:net';
import {pathToFileURL} from 'node:url';
import {EventStore} from './event-store';
import {checkedSecret, verifyWebhook, WebhookVerificationError} from './verify-standardwebhooks';
import type {CoinwharfEvent} from './webhook-event';

export function createApp(secret: string, store: EventStore): FastifyInstance {
  checkedSecret(secret); // once, here, not at every delivery
  const app = Fastify();

  // Fastify parses JSON bodies by default, and the signed bytes are lost. Inside this
  // plugin, and only here, a parser keeps application/json bodies as a raw Buffer.
  app.register(async (webhooks) => {
    webhooks.addContentTypeParser('application/json', {parseAs: 'buffer'}, (_request, body, done) => {
      done(null, body);
    });

    webhooks.post('/webhooks/coinwharf', async (request, reply) => {
      const eventId = (request.headers['webhook-id'] as string | undefined) ?? '(no webhook-id)';
      let event: CoinwharfEvent;
      try {
        if (!Buffer.isBuffer(request.body)) throw new WebhookVerificationError('Expected an application/json body');
        event = verifyWebhook(request.body, request.headers, secret);
      } catch (error) {
        if (!(error instanceof WebhookVerificationError)) throw error;
        console.log(`${eventId} refused with 400: ${error.message}`);
        return reply.code(400).send({error: error.message});
      }

      // Deliveries can repeat: the id and the order update are written in one transaction.
      // If it throws, Fastify answers 500 and Coinwharf retries the event later.
      const done = store.processOnce(eventId, event);
      if (done === null) {
        console.log(`${eventId} already processed: answered 200, nothing done`);
        return {received: true, duplicate: true};
      }
      console.log(done);
      return {received: true};
    });
  });

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
  const app = createApp(secret, store);
  // On this machine only, as the line below says (Fastify's default, localhost, can be ::1 too); a tunnel reaches it there.
  void app.listen({port: Number(process.env.PORT ?? 4242), host: '127.0.0.1'}).then(() => {
    const {port} = app.server.address() as AddressInfo;
    console.log(`Listening for Coinwharf webhooks on http://127.0.0.1:${port}/webhooks/coinwharf`);
  });
}
