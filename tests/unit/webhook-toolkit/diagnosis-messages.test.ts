import {describe, expect, test} from 'vitest';
import {
  diagnose,
  encodeBase64,
  parseHeaderBlock,
  secretKey,
  signature,
  type Delivery,
} from '../../../src/lib/webhookSignature';

// What the signature checker tells a reader, word for word, for each way a
// delivery goes wrong: every step's message and hint as the page shows them.

const now = 1_760_000_000; // 2025-10-09T08:53:20Z
const keyBytes = Uint8Array.from({length: 32}, (_, i) => i + 1);
const secret = `whsec_${encodeBase64(keyBytes)}`;
const body = '{"id":"evt_1","type":"payment.succeeded"}';

async function delivery(changes: Partial<Delivery> = {}, signedBody = body, age = 10): Promise<Delivery> {
  const timestamp = String(now - age);
  return {
    secret,
    'webhook-id': 'evt_1',
    'webhook-timestamp': timestamp,
    'webhook-signature': await signature(keyBytes, 'evt_1', timestamp, signedBody),
    body,
    ...changes,
  };
}

const steps = async (input: Delivery) => (await diagnose(input, {now})).steps;
const stepOf = async (input: Delivery, name: string) => (await steps(input)).find((s) => s.step === name);

const secretPassed = {step: 'secret', status: 'pass', message: 'A whsec_ secret with a 32-byte key.'};
const headersPassed = {step: 'headers', status: 'pass', message: 'webhook-id evt_1.'};
const timestampPassed = {
  step: 'timestamp',
  status: 'pass',
  message: 'Sent at 2025-10-09T08:53:10Z, 10 s in the past: within 300 s.',
};
const oneSignature = {step: 'signature', status: 'pass', message: 'One v1 signature.'};

describe('the signature checker, word for word', () => {
  test('a good delivery: every step passes, saying what it found', async () => {
    expect(await steps(await delivery())).toEqual([
      secretPassed,
      headersPassed,
      timestampPassed,
      oneSignature,
      {step: 'match', status: 'pass', message: 'The signature matches: this delivery is authentic.'},
    ]);
  });

  test('spaces around pasted values are ignored, in the secret and in every header', async () => {
    const good = await delivery();
    const padded: Delivery = {
      ...good,
      secret: `  ${secret} `,
      'webhook-id': ' evt_1 ',
      'webhook-timestamp': ` ${good['webhook-timestamp']}\n`,
      'webhook-signature': ` ${good['webhook-signature']} `,
    };
    expect(await diagnose(padded, {now})).toMatchObject({ok: true});
  });

  test('a rotated header: the count, and which signature matched', async () => {
    const good = await delivery();
    const other = `v1,${encodeBase64(new Uint8Array(32))}`;
    const result = await steps({...good, 'webhook-signature': `${other}  ${good['webhook-signature']}`});
    expect(result.slice(3)).toEqual([
      {step: 'signature', status: 'pass', message: '2 v1 signatures (a secret rotation: any one may match).'},
      {step: 'match', status: 'pass', message: 'The signature matches (signature 2 of 2): this delivery is authentic.'},
    ]);
  });

  test('no secret, a secret that is not base64, a secret without whsec_', async () => {
    expect(await stepOf(await delivery({secret: '   '}), 'secret')).toEqual({
      step: 'secret',
      status: 'fail',
      message: 'No secret.',
      hint: 'Paste the signing secret of the endpoint, from the dashboard (it starts with whsec_).',
    });
    expect(await stepOf(await delivery({secret: 'whsec_abc!'}), 'secret')).toEqual({
      step: 'secret',
      status: 'fail',
      message: 'The secret is not valid base64 after whsec_.',
      hint: 'Copy the whole secret again: a character was lost or added (often a trailing space or a cut-off end).',
    });
    expect(await stepOf(await delivery({secret: secret.slice(6)}), 'secret')).toEqual({
      step: 'secret',
      status: 'fail',
      message: 'The secret does not start with whsec_.',
      hint: 'Paste the secret exactly as the dashboard shows it, whsec_ included; the key is the base64 after that prefix.',
    });
  });

  test('missing headers are named, blank ones included', async () => {
    expect(await stepOf(await delivery({'webhook-id': ' ', 'webhook-signature': ''}), 'headers')).toEqual({
      step: 'headers',
      status: 'fail',
      message: 'Missing webhook-id, webhook-signature.',
      hint: 'Copy every webhook-* header of the request: all three are needed to verify it.',
    });
  });

  test.each(['2025-10-09T08:53:10Z', 'x1759999990', '1759999990x'])(
    'a timestamp "%s" is not a Unix time, and no signature is checked',
    async (timestamp) => {
      const result = await steps(await delivery({'webhook-timestamp': timestamp}));
      expect(result.find((s) => s.step === 'timestamp')).toEqual({
        step: 'timestamp',
        status: 'fail',
        message: `webhook-timestamp is "${timestamp}", not a Unix time in seconds.`,
        hint: 'Pass the header as it arrived, not a parsed date.',
      });
      expect(result.find((s) => s.step === 'match')).toBeUndefined();
    },
  );

  test('a stale and a future delivery: when it was sent, by how much, and what to do', async () => {
    expect(await stepOf(await delivery({}, body, 301), 'timestamp')).toEqual({
      step: 'timestamp',
      status: 'fail',
      message: 'Sent at 2025-10-09T08:48:19Z, 5 min in the past: outside the 300 s a receiver accepts.',
      hint: 'An old delivery is a replay, or a request you saved earlier. If fresh deliveries fail too, your server clock is behind: sync it with NTP.',
    });
    expect(await stepOf(await delivery({}, body, -301), 'timestamp')).toEqual({
      step: 'timestamp',
      status: 'fail',
      message: 'Sent at 2025-10-09T08:58:21Z, 5 min in the future: outside the 300 s a receiver accepts.',
      hint: 'A timestamp from the future means your server clock is behind: sync it with NTP.',
    });
  });

  test('a header with no v1 entry', async () => {
    expect(await stepOf(await delivery({'webhook-signature': 'v2,abc v1'}), 'signature')).toEqual({
      step: 'signature',
      status: 'fail',
      message: 'webhook-signature holds no v1 signature.',
      hint: 'The header must hold one or more "v1,<base64>" entries, separated by spaces. Copy it whole.',
    });
  });

  test('newlines or spaces added after the signed body', async () => {
    for (const extra of ['\n', '\n\n', ' \r\n']) {
      expect(await stepOf(await delivery({body: `${body}${extra}`}), 'match'), JSON.stringify(extra)).toEqual({
        step: 'match',
        status: 'fail',
        message: 'No match: the body has trailing whitespace or a newline that was not signed.',
        hint: 'Verify the raw bytes as received; something added a newline after the body (a copy, an editor or a logger).',
      });
    }
    // Whitespace inside a body is part of what was signed: only the end is trimmed.
    const spaced = '{"id": "evt_1"}';
    expect(await stepOf(await delivery({body: `${spaced}\n`}, spaced), 'match')).toMatchObject({
      message: 'No match: the body has trailing whitespace or a newline that was not signed.',
    });
  });

  test('a re-serialized body whose compact form was signed', async () => {
    expect(await stepOf(await delivery({body: JSON.stringify(JSON.parse(body), null, 2)}), 'match')).toEqual({
      step: 'match',
      status: 'fail',
      message: 'No match: this body was re-serialized. Its compact JSON form matches the signature.',
      hint: 'Your framework parsed the JSON and you verified a re-encoded copy. Verify the raw body bytes (express.raw, request.text(), request.get_data()) before parsing.',
    });
  });

  test('a signature keyed with the whole secret string', async () => {
    const timestamp = String(now - 10);
    const wholeKey = new TextEncoder().encode(secret);
    const input = await delivery({'webhook-signature': await signature(wholeKey, 'evt_1', timestamp, body)});
    expect(await stepOf(input, 'match')).toEqual({
      step: 'match',
      status: 'fail',
      message: 'No match: the signature was made with the whole secret string as the key.',
      hint: 'The key is the base64-decoded part after whsec_, not the string itself (unlike Stripe).',
    });
  });

  test('a secret pasted with spaces, and a signature keyed with that whole secret string', async () => {
    const timestamp = String(now - 10);
    const wholeKey = new TextEncoder().encode(secret);
    const input = await delivery({
      secret: `  ${secret}\n`,
      'webhook-signature': await signature(wholeKey, 'evt_1', timestamp, body),
    });
    expect((await stepOf(input, 'match'))?.message).toBe(
      'No match: the signature was made with the whole secret string as the key.',
    );
  });

  test('a wrong secret, on a body in another key order or with other whitespace', async () => {
    const wrong = `whsec_${encodeBase64(new Uint8Array(32).fill(9))}`;
    const reordered = {
      step: 'match',
      status: 'fail',
      message:
        'No match, and the body looks re-serialized: its key order differs from the compact JSON Coinwharf sends.',
      hint: 'If a framework parsed the body, verify the raw bytes instead. If this is the raw body, the secret is wrong.',
    };
    expect(
      await stepOf(await delivery({secret: wrong, body: '{"type":"payment.succeeded","id":"evt_1"}'}), 'match'),
    ).toEqual(reordered);
    expect(await stepOf(await delivery({secret: wrong, body: '{"id": "evt_1"}'}), 'match')).toEqual({
      ...reordered,
      message:
        'No match, and the body looks re-serialized: its whitespace differs from the compact JSON Coinwharf sends.',
    });
  });

  test.each([
    ['a compact body in the order Coinwharf sends', body],
    ['a body that is not JSON', 'id=evt_1&type=payment.succeeded'],
    ['a JSON null', 'null'],
    ['a JSON array', '["type","id"]'],
    [
      'a compact body in order with a key Coinwharf does not send',
      '{"id":"evt_1","type":"payment.succeeded","note":1}',
    ],
  ])('a wrong secret on %s: the secret or the body is not the one signed', async (_name, text) => {
    const wrong = `whsec_${encodeBase64(new Uint8Array(32).fill(9))}`;
    expect(await stepOf(await delivery({secret: wrong, body: text}), 'match')).toEqual({
      step: 'match',
      status: 'fail',
      message: 'No match: the body or the secret is not the one that was signed.',
      hint: 'Check that the secret belongs to this endpoint and mode (test and live secrets differ, and a rotated-out secret stops working after 24 h), and that the body is byte for byte what arrived.',
    });
  });
});

test('a secret with no key in it says which problem it has', () => {
  expect(secretKey('whsec_abc!')).toEqual({problem: 'base64'});
  expect(secretKey(' \n')).toEqual({problem: 'empty'});
  expect(secretKey('AAEC')).toEqual({key: new Uint8Array([0, 1, 2]), prefixed: false});
});

describe('pasted raw headers', () => {
  test('lines end in LF or CRLF; spaces around the colon are allowed; other lines are ignored', () => {
    expect(
      parseHeaderBlock(
        'POST /hook HTTP/1.1\nwebhook-id : evt_9\nNote webhook-id: evt_not_a_header\nwebhook-timestamp:1700000000\r\nWebhook-Signature:   v1,a v1,b  \n',
      ),
    ).toEqual({'webhook-id': 'evt_9', 'webhook-timestamp': '1700000000', 'webhook-signature': 'v1,a v1,b'});
  });
});
