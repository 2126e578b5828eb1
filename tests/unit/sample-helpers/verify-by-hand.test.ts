import {createHmac} from 'node:crypto';
import {describe, expect, test} from 'vitest';
import {sign, verifyWebhook, WebhookVerificationError} from '../../../examples/webhooks/verify-by-hand';
import {toleranceCases} from '../../support/webhook-tolerance';

// The node:crypto verifier the webhook guide shows, module by module: the
// sample tests (tests/samples) run it beside the package and Python; these
// pin each of its rules to the literal the contract gives.

const vector = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};
const headers = {
  'webhook-id': vector.id,
  'webhook-timestamp': String(vector.timestamp),
  'webhook-signature': vector.signature,
};

/** The error verifyWebhook throws, or null when it accepts. */
function refusal(run: () => unknown): {name: string; message: string} | null {
  try {
    run();
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookVerificationError);
    return {name: (error as Error).name, message: (error as Error).message};
  }
}

describe('verify-by-hand.ts', () => {
  test('signs the official vector to its published signature, from a string or a Buffer', () => {
    expect(sign(vector.secret, vector.id, vector.timestamp, vector.body)).toBe(vector.signature);
    expect(sign(vector.secret, vector.id, String(vector.timestamp), Buffer.from(vector.body))).toBe(vector.signature);
  });

  test('keys the HMAC with the base64 after whsec_, and refuses a secret with no key in it', () => {
    const key = Buffer.from('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'base64');
    const expected = `v1,${createHmac('sha256', key).update('evt_1.1700000000.{}').digest('base64')}`;
    expect(sign('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'evt_1', 1700000000, '{}')).toBe(expected);
    // Only a leading whsec_ is a prefix; the same text later is part of the key.
    expect(sign('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'evt_1', 1700000000, '{}')).toBe(expected);
    // "whsec_" later in a secret is not stripped: its "_" is not base64, so the secret is refused whole.
    expect(() => sign('QUJDwhsec_REVG', 'evt_1', 1700000000, '{}')).toThrow(
      'The webhook secret is empty or not base64',
    );
    expect(() => sign('whsec_', 'evt_1', 1, '{}')).toThrow('The webhook secret is empty or not base64');
    expect(() => sign('whsec_!!!!', 'evt_1', 1, '{}')).toThrow('The webhook secret is empty or not base64');
  });

  test('accepts the official vector at its own time and returns the parsed body', () => {
    expect(verifyWebhook(vector.body, headers, vector.secret, vector.timestamp)).toEqual({test: 2432232314});
    expect(verifyWebhook(Buffer.from(vector.body), headers, vector.secret, vector.timestamp)).toEqual({
      test: 2432232314,
    });
  });

  for (const {name, age, accepted} of toleranceCases) {
    test(`a delivery ${name} is ${accepted ? 'accepted' : 'refused as stale or from the future'}`, () => {
      const result = refusal(() => verifyWebhook(vector.body, headers, vector.secret, vector.timestamp + age));
      expect(result).toEqual(
        accepted
          ? null
          : {name: 'WebhookVerificationError', message: 'webhook-timestamp is more than 300 seconds from now'},
      );
    });
  }

  test('a fractional clock counts: 300.5 s old is outside the window', () => {
    expect(refusal(() => verifyWebhook(vector.body, headers, vector.secret, vector.timestamp + 300.5))?.message).toBe(
      'webhook-timestamp is more than 300 seconds from now',
    );
  });

  test('without a clock it checks against now', () => {
    expect(refusal(() => verifyWebhook(vector.body, headers, vector.secret))?.message).toBe(
      'webhook-timestamp is more than 300 seconds from now',
    );
    const timestamp = Math.floor(Date.now() / 1000);
    const fresh = {
      'webhook-id': 'evt_1',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': sign(vector.secret, 'evt_1', timestamp, '{"ok":true}'),
    };
    expect(verifyWebhook('{"ok":true}', fresh, vector.secret)).toEqual({ok: true});
  });

  test.each([
    ['webhook-id', {...headers, 'webhook-id': ''}],
    ['webhook-timestamp', {...headers, 'webhook-timestamp': undefined}],
    ['webhook-signature', {'webhook-id': vector.id, 'webhook-timestamp': String(vector.timestamp)}],
  ])('a delivery without %s is refused, naming the three headers', (_name, partial) => {
    expect(refusal(() => verifyWebhook(vector.body, partial, vector.secret, vector.timestamp))?.message).toBe(
      'Missing webhook-id, webhook-timestamp or webhook-signature header',
    );
  });

  test.each(['yesterday', '1614265330.0', '-1614265330', ' 1614265330', '1614265330x'])(
    'a timestamp "%s" is refused as not a Unix time',
    (timestamp) => {
      const result = refusal(() =>
        verifyWebhook(vector.body, {...headers, 'webhook-timestamp': timestamp}, vector.secret, vector.timestamp),
      );
      expect(result?.message).toBe('webhook-timestamp is not a Unix time in seconds');
    },
  );

  test('header names in any case, from a Fetch API Headers or with repeated values as Node gives them', () => {
    const mixed = {
      'Webhook-Id': vector.id,
      'WEBHOOK-TIMESTAMP': String(vector.timestamp),
      'Webhook-Signature': [vector.signature, 'v1,second-value-ignored'],
    };
    expect(verifyWebhook(vector.body, mixed, vector.secret, vector.timestamp)).toEqual({test: 2432232314});
    expect(verifyWebhook(vector.body, new Headers(headers), vector.secret, vector.timestamp)).toEqual({
      test: 2432232314,
    });
    expect(
      refusal(() => verifyWebhook(vector.body, new Headers({'webhook-id': vector.id}), vector.secret, vector.timestamp))
        ?.message,
    ).toBe('Missing webhook-id, webhook-timestamp or webhook-signature header');
  });

  test('a header literally named "undefined" never stands in for a missing one', () => {
    const {'webhook-id': _id, ...withoutId} = headers;
    expect(
      refusal(() => verifyWebhook(vector.body, {...withoutId, undefined: vector.id}, vector.secret, vector.timestamp))
        ?.message,
    ).toBe('Missing webhook-id, webhook-timestamp or webhook-signature header');
  });

  test('a rotated header passes on any one of its space-separated signatures', () => {
    const other = 'v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';
    for (const rotated of [`${other} ${vector.signature}`, `${vector.signature} ${other}`]) {
      const result = verifyWebhook(
        vector.body,
        {...headers, 'webhook-signature': rotated},
        vector.secret,
        vector.timestamp,
      );
      expect(result).toEqual({test: 2432232314});
    }
  });

  test.each([
    ['a changed body', '{"test": 2432232315}', vector.signature],
    ['another signature of the same length', vector.body, 'v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='],
    ['the signature without its padding', vector.body, vector.signature.slice(0, -1)],
    ['the signature with a character more', vector.body, `${vector.signature}A`],
    ['two signatures joined by a comma', vector.body, `${vector.signature},${vector.signature}`],
  ])('%s is refused: no signature matches', (_name, body, signatures) => {
    const result = refusal(() =>
      verifyWebhook(body, {...headers, 'webhook-signature': signatures}, vector.secret, vector.timestamp),
    );
    expect(result).toEqual({name: 'WebhookVerificationError', message: 'No signature in webhook-signature matches'});
  });
});
