import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import {expect} from '@playwright/test';
import {Webhook} from 'standardwebhooks';
import {mockEnv, parseOutput, runSample, test} from '../support/run-sample';

// Issue #3: the quickstart done literally, in each language: register a webhook
// receiver with register-webhook-endpoint, create a payment with
// create-payment, pay it with simulate-payment, and check that the receiver got
// a verified payment.succeeded and that get-payment shows succeeded.

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
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    try {
      const event = new Webhook(secret).verify(raw, req.headers as Record<string, string>) as Received['verified'][number];
      if (event.id !== req.headers['webhook-id']) throw new Error('the body and webhook-id name different events');
      received.verified.push(event);
      res.writeHead(204).end();
    } catch (error) {
      received.rejected.push(String(error));
      res.writeHead(400).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/coinwharf`,
    received,
    useSecret: (value: string) => (secret = value),
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

const flows = [
  {
    language: 'curl',
    register: 'examples/api/register-webhook-endpoint.sh',
    create: 'examples/api/create-payment.sh',
    simulate: 'examples/api/simulate-payment.sh',
    get: 'examples/api/get-payment.sh',
  },
  {
    language: 'Node.js',
    register: 'examples/api/register-webhook-endpoint.ts',
    create: 'examples/api/create-payment.ts',
    simulate: 'examples/api/simulate-payment.ts',
    get: 'examples/api/get-payment.ts',
  },
  {
    language: 'Python',
    register: 'examples/api/register_webhook_endpoint.py',
    create: 'examples/api/create_payment.py',
    simulate: 'examples/api/simulate_payment.py',
    get: 'examples/api/get_payment.py',
  },
];

test.describe.configure({timeout: 180_000});

for (const flow of flows) {
  test(`quickstart in ${flow.language}: a simulated payment reaches the receiver as a verified payment.succeeded`, async ({mock}) => {
    const receiver = await startReceiver();
    try {
      const registered = await runSample(flow.register, mockEnv(mock, {WEBHOOK_URL: receiver.url}));
      expect(registered.code, registered.stderr).toBe(0);
      const endpoint = parseOutput(registered);
      expect(endpoint.url).toBe(receiver.url);
      receiver.useSecret(endpoint.secret); // "store it as COINWHARF_WEBHOOK_SECRET and restart the receiver"

      const created = await runSample(flow.create, mockEnv(mock));
      expect(created.code, created.stderr).toBe(0);
      const payment = parseOutput(created);
      expect(payment.status).toBe('awaiting_payment');

      const simulated = await runSample(flow.simulate, mockEnv(mock, {PAYMENT_ID: payment.id}));
      expect(simulated.code, simulated.stderr).toBe(0);
      expect(parseOutput(simulated).status).toBe('succeeded');

      // The mock delivers before the simulate call answers, so nothing to wait for.
      expect(receiver.received.rejected).toEqual([]);
      expect(receiver.received.verified.map((e) => [e.type, e.data.id, e.data.status])).toEqual([
        ['payment.pending', payment.id, 'pending'],
        ['payment.succeeded', payment.id, 'succeeded'],
      ]);
      expect(mock.deliveries.map((d) => [d.type, d.url, d.status])).toEqual([
        ['payment.pending', receiver.url, 204],
        ['payment.succeeded', receiver.url, 204],
      ]);

      const fetched = await runSample(flow.get, mockEnv(mock, {PAYMENT_ID: payment.id}));
      expect(fetched.code, fetched.stderr).toBe(0);
      expect(parseOutput(fetched)).toMatchObject({id: payment.id, status: 'succeeded', confirmations: 30, required_confirmations: 30});
      expect(mock.violations).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
}

test('a receiver holding the wrong secret rejects every delivery, and list-failed-events finds them', async ({mock}) => {
  const receiver = await startReceiver();
  try {
    const registered = await runSample('examples/api/register_webhook_endpoint.py', mockEnv(mock, {WEBHOOK_URL: receiver.url}));
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
