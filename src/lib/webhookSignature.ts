/**
 * Standard Webhooks v1 signatures with WebCrypto, for the in-browser webhook
 * tools: signing, and a step-by-step diagnosis of a delivery that fails to
 * verify. Runs in browsers and in Node 20 (globalThis.crypto); nothing here
 * stores, logs or sends anything. tests/unit/webhook-toolkit holds it to the
 * official vector and to examples/webhooks/verify-by-hand.ts.
 */
import {webhookSigning} from '../data/webhooks';
import {isoSeconds} from './isoTime';

const encoder = new TextEncoder();

/** Strict base64 (standard alphabet, padded): null for anything else. */
export function decodeBase64(text: string): Uint8Array | null {
  if (text.length === 0 || text.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return null;
  const binary = atob(text);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

export function encodeBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** `v1,` + base64(HMAC-SHA256(key, "{id}.{timestamp}.{body}")). */
export async function signature(key: Uint8Array, id: string, timestamp: string, body: string): Promise<string> {
  const cryptoKey = await crypto.subtle.importKey('raw', key as BufferSource, {name: 'HMAC', hash: 'SHA-256'}, false, [
    'sign',
  ]);
  const mac = await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(`${id}.${timestamp}.${body}`));
  return `${webhookSigning.version},${encodeBase64(new Uint8Array(mac))}`;
}

/** A new endpoint secret as Coinwharf issues them: `whsec_` + base64 of 32 random bytes. */
export function generateSecret(): string {
  return webhookSigning.secretPrefix + encodeBase64(crypto.getRandomValues(new Uint8Array(32)));
}

/** The key inside a secret: the base64-decoded part after `whsec_`, or why there is none. */
export function secretKey(secret: string): {key: Uint8Array; prefixed: boolean} | {problem: 'empty' | 'base64'} {
  const trimmed = secret.trim();
  if (!trimmed) return {problem: 'empty'};
  const prefixed = trimmed.startsWith(webhookSigning.secretPrefix);
  const key = decodeBase64(prefixed ? trimmed.slice(webhookSigning.secretPrefix.length) : trimmed);
  return key ? {key, prefixed} : {problem: 'base64'};
}

export type HeaderName = (typeof webhookSigning.headers)[number];
export type WebhookHeaders = Record<HeaderName, string>;

/** The three webhook-* headers from a pasted block of raw headers (`Name: value` lines, any case). */
export function parseHeaderBlock(block: string): Partial<WebhookHeaders> {
  const found: Partial<WebhookHeaders> = {};
  for (const line of block.split(/\r?\n/)) {
    const match = /^\s*([\w-]+)\s*:\s*(.*?)\s*$/.exec(line);
    const name = match?.[1].toLowerCase();
    if (match && (webhookSigning.headers as readonly string[]).includes(name!)) found[name as HeaderName] = match[2];
  }
  return found;
}

export type StepStatus = 'pass' | 'fail' | 'note';

export interface Step {
  step: 'secret' | 'headers' | 'timestamp' | 'signature' | 'match';
  status: StepStatus;
  /** What was found, in a sentence. */
  message: string;
  /** What usually causes a failure, and what to do. */
  hint?: string;
}

export interface Diagnosis {
  ok: boolean;
  steps: Step[];
}

export interface Delivery extends WebhookHeaders {
  secret: string;
  body: string;
}

export interface DiagnoseOptions {
  /** Now, in Unix seconds. */
  now: number;
  /** False for the official test vector, whose timestamp is fixed in 2021. */
  checkTolerance?: boolean;
}

const tolerance = webhookSigning.toleranceSeconds;

function describeSkew(seconds: number): string {
  const abs = Math.abs(seconds);
  const amount =
    abs < 120
      ? `${abs} s`
      : abs < 7200
        ? `${Math.round(abs / 60)} min`
        : abs < 172_800
          ? `${Math.round(abs / 3600)} h`
          : `${Math.round(abs / 86_400)} days`;
  return seconds >= 0 ? `${amount} in the past` : `${amount} in the future`;
}

/** The top-level keys of an event body, in the order Coinwharf sends them. */
const eventKeyOrder = ['id', 'type', 'timestamp', 'data'];

/** The body as compact JSON, and what in it differs from a body as Coinwharf sends it; undefined when it is not JSON. */
function jsonForm(body: string): {compact: string; differs?: string} | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  const compact = JSON.stringify(parsed);
  const keys = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? Object.keys(parsed) : [];
  const sent = eventKeyOrder.filter((key) => keys.includes(key));
  const reordered = keys.filter((key) => eventKeyOrder.includes(key)).join() !== sent.join();
  return {compact, differs: compact !== body ? 'whitespace' : reordered ? 'key order' : undefined};
}

/**
 * Checks a delivery the way a receiver must, and says which step failed and
 * what usually causes it. Every step runs, so a reader sees all problems at once.
 */
export async function diagnose(delivery: Delivery, {now, checkTolerance = true}: DiagnoseOptions): Promise<Diagnosis> {
  const steps: Step[] = [];
  const fail = (step: Step['step'], message: string, hint: string) => steps.push({step, status: 'fail', message, hint});

  const secret = secretKey(delivery.secret);
  if ('problem' in secret) {
    if (secret.problem === 'empty') {
      fail(
        'secret',
        'No secret.',
        'Paste the signing secret of the endpoint, from the dashboard (it starts with whsec_).',
      );
    } else {
      fail(
        'secret',
        'The secret is not valid base64 after whsec_.',
        'Copy the whole secret again: a character was lost or added (often a trailing space or a cut-off end).',
      );
    }
  } else if (!secret.prefixed) {
    fail(
      'secret',
      'The secret does not start with whsec_.',
      'Paste the secret exactly as the dashboard shows it, whsec_ included; the key is the base64 after that prefix.',
    );
  } else {
    steps.push({step: 'secret', status: 'pass', message: `A whsec_ secret with a ${secret.key.length}-byte key.`});
  }

  const id = delivery['webhook-id'].trim();
  const timestamp = delivery['webhook-timestamp'].trim();
  const header = delivery['webhook-signature'].trim();
  const missing = webhookSigning.headers.filter((name) => !delivery[name].trim());
  if (missing.length) {
    fail(
      'headers',
      `Missing ${missing.join(', ')}.`,
      'Copy every webhook-* header of the request: all three are needed to verify it.',
    );
  } else {
    steps.push({step: 'headers', status: 'pass', message: `webhook-id ${id}.`});
  }

  if (timestamp && !/^\d+$/.test(timestamp)) {
    fail(
      'timestamp',
      `webhook-timestamp is "${timestamp}", not a Unix time in seconds.`,
      'Pass the header as it arrived, not a parsed date.',
    );
  } else if (timestamp) {
    const when = isoSeconds(Number(timestamp));
    const skew = Math.round(now - Number(timestamp));
    if (!checkTolerance) {
      steps.push({
        step: 'timestamp',
        status: 'note',
        message: `Sent at ${when}. Not compared with now: the example's timestamp is fixed, and a receiver would reject it as older than ${tolerance} s.`,
      });
    } else if (Math.abs(skew) > tolerance) {
      fail(
        'timestamp',
        `Sent at ${when}, ${describeSkew(skew)}: outside the ${tolerance} s a receiver accepts.`,
        skew > 0
          ? 'An old delivery is a replay, or a request you saved earlier. If fresh deliveries fail too, your server clock is behind: sync it with NTP.'
          : 'A timestamp from the future means your server clock is behind: sync it with NTP.',
      );
    } else {
      steps.push({
        step: 'timestamp',
        status: 'pass',
        message: `Sent at ${when}, ${describeSkew(skew)}: within ${tolerance} s.`,
      });
    }
  }

  const signatures = header.split(/\s+/).filter((entry) => entry.startsWith(`${webhookSigning.version},`));
  if (header && signatures.length === 0) {
    fail(
      'signature',
      'webhook-signature holds no v1 signature.',
      'The header must hold one or more "v1,<base64>" entries, separated by spaces. Copy it whole.',
    );
  } else if (signatures.length) {
    steps.push({
      step: 'signature',
      status: 'pass',
      message:
        signatures.length === 1
          ? 'One v1 signature.'
          : `${signatures.length} v1 signatures (a secret rotation: any one may match).`,
    });
  }

  if (!('problem' in secret) && id && /^\d+$/.test(timestamp) && signatures.length) {
    const sign = (key: Uint8Array, body: string) => signature(key, id, timestamp, body);
    const matches = async (key: Uint8Array, body: string) => signatures.includes(await sign(key, body));
    const matched = signatures.indexOf(await sign(secret.key, delivery.body));
    if (matched >= 0) {
      const which = signatures.length > 1 ? ` (signature ${matched + 1} of ${signatures.length})` : '';
      steps.push({
        step: 'match',
        status: 'pass',
        message: `The signature matches${which}: this delivery is authentic.`,
      });
    } else {
      const json = jsonForm(delivery.body);
      const trimmed = delivery.body.replace(/\s+$/, '');
      const wholeString = encoder.encode(delivery.secret.trim());
      if (trimmed !== delivery.body && (await matches(secret.key, trimmed))) {
        fail(
          'match',
          'No match: the body has trailing whitespace or a newline that was not signed.',
          'Verify the raw bytes as received; something added a newline after the body (a copy, an editor or a logger).',
        );
      } else if (json && json.compact !== delivery.body && (await matches(secret.key, json.compact))) {
        fail(
          'match',
          'No match: this body was re-serialized. Its compact JSON form matches the signature.',
          'Your framework parsed the JSON and you verified a re-encoded copy. Verify the raw body bytes (express.raw, request.text(), request.get_data()) before parsing.',
        );
      } else if (await matches(wholeString, delivery.body)) {
        fail(
          'match',
          'No match: the signature was made with the whole secret string as the key.',
          'The key is the base64-decoded part after whsec_, not the string itself (unlike Stripe).',
        );
      } else if (json?.differs) {
        fail(
          'match',
          `No match, and the body looks re-serialized: its ${json.differs} differs from the compact JSON Coinwharf sends.`,
          'If a framework parsed the body, verify the raw bytes instead. If this is the raw body, the secret is wrong.',
        );
      } else {
        fail(
          'match',
          'No match: the body or the secret is not the one that was signed.',
          `Check that the secret belongs to this endpoint and mode (test and live secrets differ, and a rotated-out secret stops working after ${webhookSigning.rotationOverlapHours} h), and that the body is byte for byte what arrived.`,
        );
      }
    }
  }
  return {ok: steps.every((step) => step.status !== 'fail'), steps};
}

/** The official Standard Webhooks test vector (from the spec's libraries). */
export const officialVector = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  'webhook-timestamp': '1614265330',
  'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
  body: '{"test": 2432232314}',
} as const satisfies Delivery;
