import {expect, test} from '@playwright/test';
import {Webhook} from 'standardwebhooks';
import * as byHand from '../../examples/webhooks/verify-by-hand';
import * as withPackage from '../../examples/webhooks/verify-standardwebhooks';
import {seededRandom} from '../support/seeded-random';
import {newSecret, runPythonJson, runScript, signature, vector} from '../support/webhook-samples';
import {toleranceCases} from '../support/webhook-tolerance';

// The three verification samples of the webhook guide, run against
// the official Standard Webhooks test vector and every way a delivery can be
// wrong: examples/webhooks/verify-standardwebhooks.ts (the npm package),
// examples/webhooks/verify-by-hand.ts (node:crypto) and examples/webhooks/verify.py.

interface Case {
  name: string;
  body: string;
  headers: Record<string, string>;
  secret: string;
  /** The verifier's clock, in Unix seconds. */
  now: number;
}

type Outcome = {ok: true; event: unknown} | {ok: false; error: string; message: string};

interface Verifier {
  name: string;
  file: string;
  verify(cases: Case[]): Promise<Outcome[]>;
}

function outcomeOf(run: () => unknown): Outcome {
  try {
    return {ok: true, event: run()};
  } catch (error) {
    return {ok: false, error: (error as Error).name, message: (error as Error).message};
  }
}

/** Runs `run` with Date.now() reading `seconds`: the package checks timestamps against the real clock. */
function atClock<T>(seconds: number, run: () => T): T {
  const realNow = Date.now;
  Date.now = () => seconds * 1000;
  try {
    return run();
  } finally {
    Date.now = realNow;
  }
}

const pythonVerify = `
import json, sys
sys.path.insert(0, "examples/webhooks")
from verify import verify_webhook
results = []
for case in json.load(sys.stdin):
    try:
        event = verify_webhook(case["body"].encode(), case["headers"], case["secret"], now=case["now"])
        results.append({"ok": True, "event": event})
    except Exception as error:
        results.append({"ok": False, "error": type(error).__name__, "message": str(error)})
print(json.dumps(results))
`;

const verifiers: Verifier[] = [
  {
    name: 'the standardwebhooks package',
    file: 'examples/webhooks/verify-standardwebhooks.ts',
    verify: (cases) =>
      Promise.resolve(
        cases.map((c) => outcomeOf(() => atClock(c.now, () => withPackage.verifyWebhook(c.body, c.headers, c.secret)))),
      ),
  },
  {
    name: 'node:crypto by hand',
    file: 'examples/webhooks/verify-by-hand.ts',
    verify: (cases) =>
      Promise.resolve(cases.map((c) => outcomeOf(() => byHand.verifyWebhook(c.body, c.headers, c.secret, c.now)))),
  },
  {
    name: 'Python standard library',
    file: 'examples/webhooks/verify.py',
    verify: (cases) => runPythonJson(pythonVerify, cases),
  },
];

function deliveryHeaders(id: string, timestamp: number | string, signatures: string): Record<string, string> {
  return {'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signatures};
}

/** The official vector, verified at the moment it was signed. */
const vectorCase: Case = {
  name: 'the official test vector',
  body: vector.body,
  headers: deliveryHeaders(vector.id, vector.timestamp, vector.signature),
  secret: vector.secret,
  now: vector.timestamp,
};

/** A delivery of `body` signed with `secret` at `now + offset`, checked at `now`. */
function signedCase(name: string, offset: number, secret = vector.secret, body = vector.body): Case {
  const now = vector.timestamp;
  return {
    name,
    body,
    secret,
    now,
    headers: deliveryHeaders(vector.id, now + offset, signature(secret, vector.id, now + offset, body)),
  };
}

const oldSecret = newSecret(24);
const newSecretAfterRotation = newSecret(64);
const rotatedHeader = [oldSecret, newSecretAfterRotation]
  .map((secret) => signature(secret, vector.id, vector.timestamp, vector.body))
  .join(' ');
const rotated = (name: string, secret: string): Case => ({
  ...vectorCase,
  name,
  secret,
  headers: deliveryHeaders(vector.id, vector.timestamp, rotatedHeader),
});

/** The replay window's cases (tests/support/webhook-tolerance.ts): `age` seconds old is a timestamp `-age` from now. */
const windowCases = toleranceCases.map((c) => ({
  ...signedCase(`a correctly signed delivery ${c.name}`, -c.age),
  accepted: c.accepted,
}));

const accepted: Case[] = [
  vectorCase,
  rotated('a rotated header "v1,<old> v1,<new>", checked with the old secret', oldSecret),
  rotated('a rotated header "v1,<old> v1,<new>", checked with the new secret', newSecretAfterRotation),
  {
    ...vectorCase,
    name: 'header names in any letter case',
    headers: {
      'Webhook-Id': vector.id,
      'WEBHOOK-TIMESTAMP': String(vector.timestamp),
      'Webhook-Signature': vector.signature,
    },
  },
];

const withoutHeader = (name: string): Case => {
  const headers = {...vectorCase.headers};
  delete headers[name];
  return {...vectorCase, name: `a delivery without the ${name} header`, headers};
};
const withSignature = (name: string, signatures: string): Case => ({
  ...vectorCase,
  name,
  headers: {...vectorCase.headers, 'webhook-signature': signatures},
});
const bareSignature = vector.signature.slice('v1,'.length);

const rejected: Case[] = [
  {...vectorCase, name: 'a body with one byte changed', body: vector.body.replace('2432232314', '2432232315')},
  {...vectorCase, name: 'a body with a space added', body: vector.body.replace(': ', ':  ')},
  {...vectorCase, name: 'the wrong secret', secret: newSecret()},
  {
    ...vectorCase,
    name: 'a rotated header checked with a third secret',
    headers: rotated('', oldSecret).headers,
    secret: newSecret(),
  },
  {
    ...vectorCase,
    name: 'a signature keyed with the whole whsec_ string, not its base64-decoded bytes (Stripe style)',
    headers: deliveryHeaders(
      vector.id,
      vector.timestamp,
      signature(vector.secret, vector.id, vector.timestamp, vector.body, 'whole-string'),
    ),
  },
  {
    ...vectorCase,
    name: 'another webhook-id than the one signed',
    headers: {...vectorCase.headers, 'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJeX'},
  },
  {...vectorCase, name: 'the vector checked 5 minutes and 1 s after it was signed', now: vector.timestamp + 301},
  {
    ...vectorCase,
    name: 'a timestamp that is not a number',
    headers: {...vectorCase.headers, 'webhook-timestamp': 'yesterday'},
  },
  withoutHeader('webhook-id'),
  withoutHeader('webhook-timestamp'),
  withoutHeader('webhook-signature'),
  withSignature('a signature without its "v1," prefix', bareSignature),
  withSignature('a signature with another version, "v2,"', `v2,${bareSignature}`),
  withSignature('a signature with a space after the comma', `v1, ${bareSignature}`),
  withSignature('a signature without its base64 padding', vector.signature.replace(/=$/, '')),
  withSignature('a bare "v1,"', 'v1,'),
  withSignature('a signature header of garbage', 'not a signature'),
  withSignature('a signature header that is not ASCII', 'v1,é✓'),
  {
    ...vectorCase,
    name: 'a timestamp of 400 digits (too large for a float), on a clock with a fraction of a second',
    now: vector.timestamp + 0.5,
    headers: {...vectorCase.headers, 'webhook-timestamp': '9'.repeat(400)},
  },
  {
    ...vectorCase,
    name: 'a timestamp of 5000 digits (too long for an integer conversion)',
    headers: {...vectorCase.headers, 'webhook-timestamp': '9'.repeat(5000)},
  },
];

for (const verifier of verifiers) {
  test.describe(`${verifier.name} (${verifier.file})`, () => {
    test('accepts the official test vector and returns the parsed body', async () => {
      const [outcome] = await verifier.verify([vectorCase]);
      expect(outcome).toEqual({ok: true, event: {test: 2432232314}});
    });

    test('accepts a delivery up to exactly 300 s old or ahead, and refuses one 301 s either way', async () => {
      const outcomes = await verifier.verify(windowCases);
      expect(outcomes.map((outcome, i) => `${windowCases[i].name}: ${outcome.ok ? 'accepted' : 'refused'}`)).toEqual(
        windowCases.map((c) => `${c.name}: ${c.accepted ? 'accepted' : 'refused'}`),
      );
    });

    test('accepts rotated headers and any header case', async () => {
      const outcomes = await verifier.verify(accepted);
      accepted.forEach((c, i) => expect(outcomes[i].ok, c.name).toBe(true));
    });

    test('rejects every tampered, stale, future, unsigned or malformed delivery with WebhookVerificationError', async () => {
      const outcomes = await verifier.verify(rejected);
      rejected.forEach((c, i) => {
        expect(outcomes[i].ok, c.name).toBe(false);
        expect(outcomes[i].ok === false && outcomes[i].error, c.name).toBe('WebhookVerificationError');
      });
    });
  });
}

/** Secrets no delivery can be checked with: cut short, mistyped, or not base64 at all. */
const badSecrets = [
  'whsec_',
  vector.secret.slice(0, -1),
  vector.secret.replace('whsec_', 'whsec_!'),
  `${vector.secret} `,
  'whsec_é',
  'whsec_not a secret',
];
const badSecretMessage = "The webhook secret is empty or not base64 after whsec_: copy your endpoint's secret again";

test.describe('a secret that is not whsec_ and base64', () => {
  test('verify-by-hand.ts and verify.py refuse it with WebhookSecretError, and take a good one with or without whsec_', async () => {
    for (const secret of badSecrets) {
      expect(
        outcomeOf(() => byHand.secretKey(secret)),
        secret,
      ).toEqual({
        ok: false,
        error: 'WebhookSecretError',
        message: badSecretMessage,
      });
    }
    expect(byHand.secretKey(vector.secret)).toHaveLength(24);
    expect(byHand.secretKey(vector.secret.replace('whsec_', ''))).toEqual(byHand.secretKey(vector.secret));
    const python = await runPythonJson(
      `import json, sys
sys.path.insert(0, "examples/webhooks")
from verify import secret_key
results = []
for secret in json.load(sys.stdin):
    try:
        results.append({"ok": True, "length": len(secret_key(secret))})
    except Exception as error:
        results.append({"ok": False, "error": type(error).__name__, "message": str(error)})
print(json.dumps(results))`,
      [...badSecrets, vector.secret, vector.secret.replace('whsec_', '')],
    );
    expect(python).toEqual([
      ...badSecrets.map(() => ({ok: false, error: 'WebhookSecretError', message: badSecretMessage})),
      {ok: true, length: 24},
      {ok: true, length: 24},
    ]);
  });

  test('the Flask receiver and send_test_event.py refuse to start with it, or without one, and exit 2', async () => {
    for (const file of ['examples/webhooks/flask_receiver.py', 'examples/webhooks/send_test_event.py']) {
      const bad = await runScript(file, [], {COINWHARF_WEBHOOK_SECRET: vector.secret.slice(0, -1), PORT: '0'});
      expect(bad.code, file).toBe(2);
      expect(bad.stderr, file).toBe(`COINWHARF_WEBHOOK_SECRET: ${badSecretMessage}\n`);
      expect(bad.stdout, file).not.toContain('Listening');
      const missing = await runScript(file, [], {PORT: '0'});
      expect(missing.code, file).toBe(2);
      expect(missing.stderr, file).toMatch(/^Set COINWHARF_WEBHOOK_SECRET to .* \(whsec_…\)\n$/);
    }
  });
});

test.describe('signing', () => {
  test('verify-by-hand.ts, verify.py and the package each reproduce the official signature byte for byte', async () => {
    expect(byHand.sign(vector.secret, vector.id, vector.timestamp, vector.body)).toBe(vector.signature);
    expect(byHand.sign(vector.secret, vector.id, vector.timestamp, Buffer.from(vector.body))).toBe(vector.signature);
    expect(new Webhook(vector.secret).sign(vector.id, new Date(vector.timestamp * 1000), vector.body)).toBe(
      vector.signature,
    );
    const python = await runPythonJson(
      `import json, sys
sys.path.insert(0, "examples/webhooks")
from verify import sign
v = json.load(sys.stdin)
print(json.dumps(sign(v["secret"], v["id"], str(v["timestamp"]), v["body"].encode())))`,
      vector,
    );
    expect(python).toBe(vector.signature);
  });

  test('the package verifies a fresh delivery on the real clock, signed with the same secret', () => {
    const timestamp = Math.floor(Date.now() / 1000);
    const body = '{"id":"evt_4Gd9KsW2mP7xRb1NqT6vLc3Y","type":"payment.succeeded"}';
    const headers = deliveryHeaders(
      'evt_4Gd9KsW2mP7xRb1NqT6vLc3Y',
      timestamp,
      byHand.sign(vector.secret, 'evt_4Gd9KsW2mP7xRb1NqT6vLc3Y', timestamp, body),
    );
    expect(withPackage.verifyWebhook(body, headers, vector.secret)).toEqual(JSON.parse(body));
    expect(byHand.verifyWebhook(body, headers, vector.secret)).toEqual(JSON.parse(body));
    expect(() => withPackage.verifyWebhook(body.replace('succeeded', 'failed'), headers, vector.secret)).toThrow(
      withPackage.WebhookVerificationError,
    );
  });

  test('the by-hand verifier takes the headers of a Fetch API Request as well', () => {
    const headers = new Headers(vectorCase.headers);
    expect(byHand.verifyWebhook(vector.body, headers, vector.secret, vector.timestamp)).toEqual({test: 2432232314});
    expect(atClock(vector.timestamp, () => withPackage.verifyWebhook(vector.body, headers, vector.secret))).toEqual({
      test: 2432232314,
    });
  });
});

/**
 * Random deliveries from a printed seed (`SEED=<n>` replays them), each possibly
 * spoiled in one way; `valid` is what the contract says. Timestamps are drawn
 * near the edges of the 300 s window, inside (270–300 s) and outside (301–330 s),
 * so a verifier with a wider or narrower window fails on many cases of every run.
 */
function generatedCases(count: number): (Case & {valid: boolean})[] {
  const random = seededRandom('generated webhook deliveries');
  const now = 1_767_225_600; // 2026-01-01T00:00:00Z
  const texts = ['order_1042', 'café ✓', '0.00041234', 'a "quoted" word', 'line\nbreak', '€25.00', '日本'];
  const sign = () => (random.int(0, 2) ? 1 : -1);
  const cases: (Case & {valid: boolean})[] = [];
  for (let i = 0; i < count; i++) {
    const secret = random.secret(random.int(24, 65));
    const id = `evt_${random.hex(12)}`;
    const body = JSON.stringify(
      {
        id,
        type: 'payment.succeeded',
        n: random.int(0, 2 ** 31),
        note: texts[random.int(0, texts.length)],
        amount: {amount: `${random.int(1, 10_000)}.${String(random.int(0, 100)).padStart(2, '0')}`, currency: 'USDC'},
      },
      null,
      random.int(0, 3) === 0 ? 2 : undefined,
    );
    let offset = random.int(0, 2) ? sign() * random.int(270, 301) : random.int(-269, 270);
    let sentBody = body;
    let verifySecret = secret;
    let signatures = signature(secret, id, now + offset, body);
    let valid = true;
    switch (random.int(0, 8)) {
      case 0:
        // one byte changed
        sentBody = body.replace(/\d/, (digit) => String((Number(digit) + 1) % 10));
        valid = false;
        break;
      case 1:
        verifySecret = random.secret();
        valid = false;
        break;
      case 2:
      case 6:
        offset = sign() * random.int(301, 331);
        signatures = signature(secret, id, now + offset, body);
        valid = false;
        break;
      case 3: {
        // rotation: the right signature among others, in either place
        const other = signature(random.secret(), id, now + offset, body);
        signatures = random.int(0, 2) ? `${other} ${signatures}` : `${signatures} ${other}`;
        break;
      }
      case 4:
        signatures = signature(secret, id, now + offset, body, 'whole-string');
        valid = false;
        break;
      default:
        break;
    }
    cases.push({
      name: `case ${i}`,
      body: sentBody,
      secret: verifySecret,
      now,
      headers: deliveryHeaders(id, now + offset, signatures),
      valid,
    });
  }
  return cases;
}

test('the three verifiers agree with each other and with the contract on 300 generated deliveries', async () => {
  const cases = generatedCases(300);
  const [fromPackage, fromHand, fromPython] = await Promise.all(verifiers.map((verifier) => verifier.verify(cases)));
  cases.forEach((c, i) => {
    const summary = (outcome: Outcome) =>
      outcome.ok ? {ok: true, event: outcome.event} : {ok: false, error: outcome.error};
    const expected = c.valid ? {ok: true, event: JSON.parse(c.body)} : {ok: false, error: 'WebhookVerificationError'};
    expect(summary(fromPackage[i]), `${c.name} (package)`).toEqual(expected);
    expect(summary(fromHand[i]), `${c.name} (by hand)`).toEqual(expected);
    expect(summary(fromPython[i]), `${c.name} (Python)`).toEqual(expected);
  });
  expect(cases.filter((c) => c.valid).length).toBeGreaterThan(50);
  expect(cases.filter((c) => !c.valid).length).toBeGreaterThan(50);
  // Every run holds deliveries just inside and just outside the window, on both sides.
  const ages = cases.map((c) => c.now - Number(c.headers['webhook-timestamp']));
  for (const [low, high] of [
    [270, 300],
    [301, 330],
    [-300, -270],
    [-330, -301],
  ]) {
    expect(ages.filter((age) => age >= low && age <= high).length, `ages ${low}…${high} s`).toBeGreaterThan(5);
  }
});
