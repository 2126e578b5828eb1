// Verify a Coinwharf webhook with the official Standard Webhooks library:
//   npm install standardwebhooks
import {Webhook} from 'standardwebhooks';
import type {CoinwharfEvent} from './webhook-event';

export {WebhookVerificationError} from 'standardwebhooks';

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
