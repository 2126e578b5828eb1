import {spawnSync} from 'node:child_process';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import {dereference} from 'openapi-backend/refparser';
import {describe, expect, test} from 'vitest';
import {sign as sampleSign} from '../../../examples/webhooks/verify-by-hand';
import {webhookEvents} from '../../../src/data/webhooks';
import {curlCommand, sampleEvent} from '../../../src/lib/testEvents';
import {
  decodeBase64,
  diagnose,
  encodeBase64,
  generateSecret,
  officialVector,
  parseHeaderBlock,
  secretKey,
  signature,
  type Delivery,
} from '../../../src/lib/webhookSignature';
import {seededRandom} from '../../support/seeded-random';
import {toleranceCases} from '../../support/webhook-tolerance';

// The logic behind the in-browser webhook tools, in Node (same WebCrypto API
// as the browser), held to the official vector and to the node:crypto
// verification sample the docs show.

/** The official Standard Webhooks test vector, as its spec publishes it. */
const vector = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  'webhook-timestamp': '1614265330',
  'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
  body: '{"test": 2432232314}',
};

const random = seededRandom('webhook signature logic');
const now = 1_760_000_000;
const secret = random.secret();
const key = () => (secretKey(secret) as {key: Uint8Array}).key;

/** A correctly signed delivery of `body`, sent `age` seconds before now. */
async function delivery(body = '{"id":"evt_1","type":"payment.succeeded"}', age = 10): Promise<Delivery> {
  const timestamp = String(now - age);
  return {
    secret,
    'webhook-id': 'evt_1',
    'webhook-timestamp': timestamp,
    'webhook-signature': await signature(key(), 'evt_1', timestamp, body),
    body,
  };
}

const stepOf = async (input: Delivery, step: string, checkTolerance = true) => {
  const result = await diagnose(input, {now, checkTolerance});
  return {result, step: result.steps.find((s) => s.step === step)};
};

describe('webhook signature logic', () => {
  test('signs the official Standard Webhooks vector to its published signature', async () => {
    const {key: vectorKey} = secretKey('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw') as {key: Uint8Array};
    expect(await signature(vectorKey, 'msg_p5jXN8AQM9LWM0D4loKWxJek', '1614265330', '{"test": 2432232314}')).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
    expect(officialVector, 'the example the checker loads is the published vector').toEqual(vector);
  });

  test('agrees with the node:crypto sample on 200 random deliveries, unicode and empty bodies included', async () => {
    for (let i = 0; i < 200; i += 1) {
      const s = random.secret();
      const body = i % 7 === 0 ? '' : `{"n":${i},"text":"${random.hex(i % 50)} ödeme 💸"}`;
      const id = `evt_${random.hex(8)}`;
      const ts = String(now + i);
      expect(await signature((secretKey(s) as {key: Uint8Array}).key, id, ts, body)).toBe(sampleSign(s, id, ts, body));
    }
  });

  test('the official example passes, its fixed timestamp explained rather than failed', async () => {
    const result = await diagnose(vector, {now, checkTolerance: false});
    expect(result.ok).toBe(true);
    expect(result.steps.find((s) => s.step === 'timestamp')).toMatchObject({
      status: 'note',
      message: expect.stringContaining('2021-02-25T15:02:10Z'),
    });
    expect(result.steps.find((s) => s.step === 'match')?.status).toBe('pass');
  });

  test('checked against now, the example is stale by years, and the signature still matches', async () => {
    const result = await diagnose(vector, {now});
    expect(result.ok).toBe(false);
    expect(result.steps.find((s) => s.step === 'timestamp')).toMatchObject({
      status: 'fail',
      message: expect.stringMatching(/days in the past: outside the 300 s/),
    });
    expect(result.steps.find((s) => s.step === 'match')?.status).toBe('pass');
  });

  test('a fresh delivery passes every step', async () => {
    const result = await diagnose(await delivery(), {now});
    expect(result.steps.map((s) => [s.step, s.status])).toEqual([
      ['secret', 'pass'],
      ['headers', 'pass'],
      ['timestamp', 'pass'],
      ['signature', 'pass'],
      ['match', 'pass'],
    ]);
    expect(result.ok).toBe(true);
  });

  test('a rotated header passes when any signature matches', async () => {
    const input = await delivery();
    input['webhook-signature'] = `v1,${encodeBase64(new Uint8Array(32))} ${input['webhook-signature']}`;
    const {result, step} = await stepOf(input, 'match');
    expect(result.ok).toBe(true);
    expect(step?.message).toContain('signature 2 of 2');
  });

  const mismatches: [string, (d: Delivery) => Promise<Delivery> | Delivery, RegExp][] = [
    ['a tampered body', (d) => ({...d, body: d.body.replace('succeeded', 'failed')}), /not the one that was signed/],
    [
      'a re-serialized (pretty-printed) body',
      (d) => ({...d, body: JSON.stringify(JSON.parse(d.body), null, 2)}),
      /re-serialized\. Its compact JSON form matches/,
    ],
    ['a body with a trailing newline', (d) => ({...d, body: `${d.body}\n`}), /trailing whitespace or a newline/],
    ['a wrong secret', (d) => ({...d, secret: random.secret()}), /not the one that was signed/],
    [
      'a body in another key order, wrong secret',
      (d) => ({...d, secret: random.secret(), body: '{"type":"payment.succeeded","id":"evt_1"}'}),
      /looks re-serialized/,
    ],
    [
      'a signature made with the whole secret string as key',
      async (d) => ({
        ...d,
        'webhook-signature': await signature(new TextEncoder().encode(secret), 'evt_1', d['webhook-timestamp'], d.body),
      }),
      /whole secret string as the key/,
    ],
  ];
  for (const [name, change, message] of mismatches) {
    test(`diagnoses ${name}`, async () => {
      const {result, step} = await stepOf(await change(await delivery()), 'match');
      expect(result.ok).toBe(false);
      expect(step).toMatchObject({status: 'fail', message: expect.stringMatching(message), hint: expect.any(String)});
    });
  }

  test('a secret without whsec_, and one that is not base64', async () => {
    const input = await delivery();
    expect((await stepOf({...input, secret: secret.slice('whsec_'.length)}, 'secret')).step).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('does not start with whsec_'),
    });
    const bad = await stepOf({...input, secret: 'whsec_not*base64'}, 'secret');
    expect(bad.step).toMatchObject({status: 'fail', message: expect.stringContaining('not valid base64')});
    expect(
      bad.result.steps.find((s) => s.step === 'match'),
      'no key, no signature check',
    ).toBeUndefined();
  });

  for (const {name, age, accepted} of toleranceCases) {
    test(`a delivery ${name} ${accepted ? 'passes' : 'fails'} the timestamp step, as every receiver decides`, async () => {
      const {result, step} = await stepOf(await delivery(undefined, age), 'timestamp');
      expect(step?.status).toBe(accepted ? 'pass' : 'fail');
      expect(result.ok).toBe(accepted);
    });
  }

  test.each([
    [0, 'pass', 'within 300 s', '0 s in the past'],
    [119, 'pass', 'within 300 s', '119 s in the past'],
    [-120, 'pass', 'within 300 s', '2 min in the future'],
    [300, 'pass', 'within 300 s', '5 min in the past'],
    [-300, 'pass', 'within 300 s', '5 min in the future'],
    [301, 'fail', 'outside the 300 s a receiver accepts', '5 min in the past'],
    [-301, 'fail', 'outside the 300 s a receiver accepts', '5 min in the future'],
    [7199, 'fail', 'outside the 300 s a receiver accepts', '120 min in the past'],
    [7200, 'fail', 'outside the 300 s a receiver accepts', '2 h in the past'],
    [172_799, 'fail', 'outside the 300 s a receiver accepts', '48 h in the past'],
    [-172_800, 'fail', 'outside the 300 s a receiver accepts', '2 days in the future'],
  ] as const)('%i s old: the timestamp step says %s, %s, "%s"', async (age, status, verdict, skew) => {
    const {step} = await stepOf(await delivery(undefined, age), 'timestamp');
    expect(step).toMatchObject({status, message: expect.stringContaining(`, ${skew}: ${verdict}`)});
  });

  test('an old delivery is a replay, a future one a clock that is behind', async () => {
    expect((await stepOf(await delivery(undefined, 301), 'timestamp')).step?.hint).toBe(
      'An old delivery is a replay, or a request you saved earlier. If fresh deliveries fail too, your server clock is behind: sync it with NTP.',
    );
    expect((await stepOf(await delivery(undefined, -301), 'timestamp')).step?.hint).toBe(
      'A timestamp from the future means your server clock is behind: sync it with NTP.',
    );
  });

  test('a header without v1 signatures, and a timestamp that is not a number', async () => {
    const input = await delivery();
    expect((await stepOf({...input, 'webhook-signature': 'v2,abc'}, 'signature')).step?.message).toContain(
      'no v1 signature',
    );
    expect(
      (await stepOf({...input, 'webhook-timestamp': '2025-01-01T00:00:00Z'}, 'timestamp')).step?.message,
    ).toContain('not a Unix time');
  });

  test('empty input names what is missing and throws nothing', async () => {
    const result = await diagnose(
      {secret: '', 'webhook-id': '', 'webhook-timestamp': '', 'webhook-signature': '', body: ''},
      {now},
    );
    expect(result.ok).toBe(false);
    expect(result.steps.map((s) => [s.step, s.status])).toEqual([
      ['secret', 'fail'],
      ['headers', 'fail'],
    ]);
    expect(result.steps[1].message).toBe('Missing webhook-id, webhook-timestamp, webhook-signature.');
  });

  test('a 1 MB body verifies, and one changed byte in it is caught', async () => {
    const body = JSON.stringify({data: 'x'.repeat(1_048_576)});
    const input = await delivery(body);
    expect((await diagnose(input, {now})).ok).toBe(true);
    expect((await diagnose({...input, body: body.replace('xxx', 'xyx')}, {now})).ok).toBe(false);
  });

  test('pasted raw headers are read in any case, with CRLF, ignoring the others', () => {
    expect(
      parseHeaderBlock(
        'POST /hook HTTP/1.1\r\nContent-Type: application/json\r\nWebhook-Id: evt_9\r\nWEBHOOK-TIMESTAMP:  1700000000 \r\nwebhook-signature: v1,a v1,b\r\n',
      ),
    ).toEqual({
      'webhook-id': 'evt_9',
      'webhook-timestamp': '1700000000',
      'webhook-signature': 'v1,a v1,b',
    });
  });

  test('base64 is strict, and generated secrets are whsec_ with a 32-byte key', () => {
    expect(decodeBase64('abc')).toBeNull();
    expect(decodeBase64('ab=c')).toBeNull();
    expect(decodeBase64('')).toBeNull();
    expect(decodeBase64('AAEC')).toEqual(new Uint8Array([0, 1, 2]));
    const generated = generateSecret();
    expect(generated).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect((secretKey(generated) as {key: Uint8Array}).key).toHaveLength(32);
    expect(generateSecret()).not.toBe(generated);
  });
});

describe('signed test events', () => {
  test("every event type gives a body that the API description's Event schema accepts, data in the status the event reflects", async () => {
    const api = (await dereference('api/openapi.yaml')) as unknown as {components: {schemas: Record<string, object>}};
    const ajv = new Ajv2020({strict: false, allErrors: true});
    addFormats(ajv);
    const validate = ajv.compile(api.components.schemas.Event);
    for (const event of webhookEvents) {
      const body = sampleEvent(event.type, 'evt_4Gd9KsW2mP7xRb1NqT6vLc3Y', now);
      expect(validate(body), `${event.type}: ${JSON.stringify(validate.errors)}`).toBe(true);
      // payment.updated keeps the payment's status: the sample is a succeeded payment that gained OVER.
      expect(body.data.status).toBe(event.status === 'unchanged' ? 'succeeded' : event.status);
      expect(body.data.object).toBe(event.object);
    }
  });

  test('the curl command quotes every value so the shell passes it through unchanged', () => {
    const body = `{"note":"it's $HOME \`id\` \\"quoted\\" ; rm -rf /"}`;
    const command = curlCommand("http://127.0.0.1:1/it's", {'webhook-id': "evt_'1"}, body);
    // Replace curl with a printer of its arguments: the shell must hand them over as written.
    const printed = spawnSync('bash', ['-c', `curl() { printf '%s\\n' "$@"; }\n${command}`], {encoding: 'utf8'});
    expect(printed.status).toBe(0);
    expect(printed.stdout.split('\n')).toEqual(
      expect.arrayContaining(["http://127.0.0.1:1/it's", "webhook-id: evt_'1", body]),
    );
  });
});
