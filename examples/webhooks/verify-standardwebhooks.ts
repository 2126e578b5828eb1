// Verify a Coinwharf webhook with the official Standard Webhooks library:
//   npm install standardwebhooks
import {Webhook} from 'standardwebhooks';
import type {CoinwharfEvent} from './webhook-event';

export {WebhookVerificationError} from 'standardwebhooks';

/**
 * Your endpoint's secret as the receiver reads it, checked once rather than at every delivery: a
 * secret that is missing, or not whsec_ and base64 (cut short when copied, say), would fail every
 * delivery, so this throws one line saying what to fix.
 */
export function checkedSecret(secret: string | undefined): string {
  if (!secret) throw new Error('Set COINWHARF_WEBHOOK_SECRET to your endpoint secret (whsec_…)');
  const base64 = secret.replace(/^whsec_/, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64) || base64.length % 4 !== 0) {
    throw new Error(
      "COINWHARF_WEBHOOK_SECRET: The webhook secret is empty or not base64 after whsec_: copy your endpoint's secret again",
    );
  }
  return secret;
}

/** Headers as Node (`req.headers`) or the Fetch API (`request.headers`) hands them over. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

/**
 * Checks the signature and timestamp of one delivery, then parses it.
 * `rawBody` must be the exact bytes received, never a re-serialised object.
 * Throws WebhookVerificationError when the delivery is not genuine.
 */
export function verifyWebhook(rawBody: string | Buffer, headers: WebhookHeaders, secret: string): CoinwharfEvent {
  const webhook = new Webhook(secret); // takes the whsec_… secret as it is
  const plainHeaders = headers instanceof Headers ? Object.fromEntries(headers) : headers;
  return webhook.verify(rawBody, plainHeaders as Record<string, string>) as CoinwharfEvent;
}
