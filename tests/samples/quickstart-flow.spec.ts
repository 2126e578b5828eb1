import {mkdtempSync, rmSync} from 'node:fs';
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect} from '@playwright/test';
import {Webhook} from 'standardwebhooks';
import {mockEnv, parseOutput, runSample, test} from '../support/run-sample';
import {newSecret, Receiver} from '../support/webhook-samples';

// The quickstart done literally, in each language: start the page's
// receiver (Express, or Flask for Python) with any secret, register it with
// register-webhook-endpoint, restart it with the endpoint's secret, create a
// payment, pay it with simulate-payment, and check that the receiver fulfilled
// payment.succeeded once and that get-payment shows succeeded.

interface Received {
  verified: {id: string; type: string; data: {id: string; status: string}}[];
  rejected: string[];
}

/**
 * A minimal webhook receiver on a random loopback port: verifies each delivery
 * with the `standardwebhooks` package (raw body, signature, timestamp) before
 * parsing it, and answers 204, or 400 when verification fails.
 */
async function startReceiver() {
  const received: Received = {verified: [], rejected: []};
  let secret = '';
  const receive = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    try {
      const event = new Webhook(secret).verify(
        raw,
        req.headers as Record<string, string>,
      ) as Received['verified'][number];
      if (event.id !== req.headers['webhook-id']) throw new Error('the body and webhook-id name different events');
      received.verified.push(event);
      res.writeHead(204).end();
    } catch (error) {
      received.rejected.push(String(error));
      res.writeHead(400).end();
    }
  };
  const server = createServer((req, res) => void receive(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/coinwharf`,
    received,
    useSecret: (value: string) => (secret = value),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The receivers the quickstart shows, and the line each prints once it listens. */
const expressReceiver = {
  name: 'Express',
  file: 'examples/webhooks/express-receiver.ts',
  ready: /Listening for Coinwharf webhooks on http:\/\/127\.0\.0\.1:(\d+)\//,
};
// Werkzeug prints its address on stderr once the socket is bound.
const flaskReceiver = {
  name: 'Flask',
  file: 'examples/webhooks/flask_receiver.py',
  ready: /Running on http:\/\/127\.0\.0\.1:(\d+)/,
};

const flows = [
  {
    language: 'curl',
    receiver: expressReceiver,
    register: 'examples/api/register-webhook-endpoint.sh',
    create: 'examples/api/create-payment.sh',
    simulate: 'examples/api/simulate-payment.sh',
    get: 'examples/api/get-payment.sh',
  },
  {
    language: 'Node.js',
    receiver: expressReceiver,
    register: 'examples/api/register-webhook-endpoint.ts',
    create: 'examples/api/create-payment.ts',
    simulate: 'examples/api/simulate-payment.ts',
    get: 'examples/api/get-payment.ts',
  },
  {
    language: 'Python',
    receiver: flaskReceiver,
    register: 'examples/api/register_webhook_endpoint.py',
    create: 'examples/api/create_payment.py',
    simulate: 'examples/api/simulate_payment.py',
    get: 'examples/api/get_payment.py',
  },
];

test.describe.configure({timeout: 180_000});

/** A free loopback port: the receiver must come back on the same one after its restart. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const {port} = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

for (const flow of flows) {
  test(`quickstart in ${flow.language}, followed literally: the page's ${flow.receiver.name} receiver fulfils the simulated payment once`, async ({
    mock,
  }) => {
    const store = mkdtempSync(path.join(tmpdir(), 'coinwharf-quickstart-'));
    const env = {
      PORT: String(await freePort()),
      ...(flow.receiver.name === 'Flask'
        ? {PROCESSED_EVENTS_DB: path.join(store, 'events.sqlite3')}
        : {PROCESSED_EVENTS_DIR: store}),
    };
    // "Run a webhook receiver": any whsec_ secret until the endpoint has its own.
    let receiver = await Receiver.start(
      flow.receiver.file,
      {...env, COINWHARF_WEBHOOK_SECRET: newSecret()},
      flow.receiver.ready,
    );
    try {
      const registered = await runSample(flow.register, mockEnv(mock, {WEBHOOK_URL: receiver.url()}));
      expect(registered.code, registered.stderr).toBe(0);
      const endpoint = parseOutput(registered);
      expect(endpoint.url).toBe(receiver.url());
      // "store it as COINWHARF_WEBHOOK_SECRET and restart the receiver"
      receiver.stop();
      receiver = await Receiver.start(
        flow.receiver.file,
        {...env, COINWHARF_WEBHOOK_SECRET: endpoint.secret},
        flow.receiver.ready,
      );
      expect(receiver.url()).toBe(endpoint.url);

      const created = await runSample(flow.create, mockEnv(mock));
      expect(created.code, created.stderr).toBe(0);
      const payment = parseOutput(created);
      expect(payment.status).toBe('awaiting_payment');

      const simulated = await runSample(flow.simulate, mockEnv(mock, {PAYMENT_ID: payment.id}));
      expect(simulated.code, simulated.stderr).toBe(0);
      expect(parseOutput(simulated).status).toBe('succeeded');

      // The mock delivers before the simulate call answers: both deliveries verified and acknowledged.
      expect(mock.deliveries.map((d) => [d.type, d.url, d.ok])).toEqual([
        ['payment.pending', endpoint.url, true],
        ['payment.succeeded', endpoint.url, true],
      ]);
      const [pending, succeeded] = mock.deliveries.map((d) => d.eventId);
      expect(receiver.linesStartingWith(`${succeeded} fulfilled ${payment.id}`)).toHaveLength(1);
      expect(receiver.linesStartingWith(`${pending} fulfilled`)).toEqual([]);

      const fetched = await runSample(flow.get, mockEnv(mock, {PAYMENT_ID: payment.id}));
      expect(fetched.code, fetched.stderr).toBe(0);
      expect(parseOutput(fetched)).toMatchObject({
        id: payment.id,
        status: 'succeeded',
        confirmations: 30,
        required_confirmations: 30,
      });
      expect(mock.violations).toEqual([]);
    } finally {
      receiver.stop();
      rmSync(store, {recursive: true, force: true});
    }
  });
}

test('a receiver holding the wrong secret rejects every delivery, and list-failed-events finds them', async ({
  mock,
}) => {
  const receiver = await startReceiver();
  try {
    const registered = await runSample(
      'examples/api/register_webhook_endpoint.py',
      mockEnv(mock, {WEBHOOK_URL: receiver.url}),
    );
    expect(registered.code, registered.stderr).toBe(0);
    receiver.useSecret('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'); // the spec's test vector, not this endpoint's secret
    const payment = parseOutput(await runSample('examples/api/create_payment.py', mockEnv(mock)));
    expect((await runSample('examples/api/simulate_payment.py', mockEnv(mock, {PAYMENT_ID: payment.id}))).code).toBe(0);
    expect(receiver.received.verified).toEqual([]);
    expect(receiver.received.rejected).toHaveLength(2);
    const failed = parseOutput(await runSample('examples/api/list_failed_events.py', mockEnv(mock)));
    expect(failed.data.map((e: any) => e.type).sort()).toEqual(['payment.pending', 'payment.succeeded']);
    expect(mock.violations).toEqual([]);
  } finally {
    await receiver.close();
  }
});
