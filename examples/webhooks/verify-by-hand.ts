// Verify a Coinwharf webhook with node:crypto only (Standard Webhooks v1, HMAC-SHA256).
import {createHmac, timingSafeEqual} from 'node:crypto';
import type {CoinwharfEvent} from './webhook-event';

export const TOLERANCE_SECONDS = 300;

export class WebhookVerificationError extends Error {
  override name = 'WebhookVerificationError';
}

/** Headers as Node (`req.headers`) or the Fetch API (`request.headers`) hands them over. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

/** The signature Coinwharf puts in webhook-signature: "v1," + base64(HMAC-SHA256). */
export function sign(secret: string, id: string, timestamp: number | string, rawBody: string | Buffer): string {
  // The key is the base64-decoded part after "whsec_", not the whole string (unlike Stripe).
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  if (key.length === 0) throw new Error('The webhook secret is empty or not base64');
  const hmac = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(rawBody);
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
