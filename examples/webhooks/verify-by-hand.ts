// Verify a Coinwharf webhook with node:crypto only (Standard Webhooks v1, HMAC-SHA256).
import {createHmac, timingSafeEqual} from 'node:crypto';
import type {CoinwharfEvent} from './webhook-event';

export const TOLERANCE_SECONDS = 300;

export class WebhookVerificationError extends Error {
  override name = 'WebhookVerificationError';
}

/** The configured secret is not a webhook secret: no delivery can be checked with it. */
export class WebhookSecretError extends Error {
  override name = 'WebhookSecretError';
}

/**
 * The HMAC key: the base64-decoded part after "whsec_", not the whole string (unlike Stripe).
 * Throws WebhookSecretError for a secret that is not whsec_ and base64, such as one cut short when
 * copied. Call it when your receiver starts, so that a bad secret stops it there, with this
 * message, instead of failing every delivery. (Buffer.from skips what is not base64, so check first.)
 */
export function secretKey(secret: string): Buffer {
  const base64 = secret.replace(/^whsec_/, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64) || base64.length % 4 !== 0) {
    throw new WebhookSecretError(
      "The webhook secret is empty or not base64 after whsec_: copy your endpoint's secret again",
    );
  }
  return Buffer.from(base64, 'base64');
}

/** Headers as Node (`req.headers`) or the Fetch API (`request.headers`) hands them over. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

/** The signature Coinwharf puts in webhook-signature: "v1," + base64(HMAC-SHA256). */
export function sign(secret: string, id: string, timestamp: number | string, rawBody: string | Buffer): string {
  const hmac = createHmac('sha256', secretKey(secret)).update(`${id}.${timestamp}.`).update(rawBody);
  return `v1,${hmac.digest('base64')}`;
}

/**
 * Checks one delivery and returns its parsed event, or throws WebhookVerificationError.
 * `rawBody` must be the exact bytes received; `now` is in Unix seconds.
 */
export function verifyWebhook(
  rawBody: string | Buffer,
  headers: WebhookHeaders,
  secret: string,
  now: number = Date.now() / 1000,
): CoinwharfEvent {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) {
    throw new WebhookVerificationError('Missing webhook-id, webhook-timestamp or webhook-signature header');
  }

  if (!/^\d+$/.test(timestamp)) {
    throw new WebhookVerificationError('webhook-timestamp is not a Unix time in seconds');
  }
  // A delivery older or newer than 5 minutes is a replay, or your clock is off (use NTP).
  if (Math.abs(now - Number(timestamp)) > TOLERANCE_SECONDS) {
    throw new WebhookVerificationError('webhook-timestamp is more than 300 seconds from now');
  }

  // During a secret rotation the header holds several signatures: "v1,abc… v1,def…".
  const expected = Buffer.from(sign(secret, id, timestamp, rawBody));
  const matches = signatures.split(' ').some((signature) => {
    const received = Buffer.from(signature);
    // timingSafeEqual throws on different lengths; the length of a signature is no secret.
    return received.length === expected.length && timingSafeEqual(received, expected);
  });
  if (!matches) {
    throw new WebhookVerificationError('No signature in webhook-signature matches');
  }

  // Only now is the body trusted enough to parse.
  return JSON.parse(rawBody.toString()) as CoinwharfEvent;
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const key = Object.keys(headers).find((key) => key.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
}
