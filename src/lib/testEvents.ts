/**
 * Signed test events for the in-browser generator: a realistic body for every
 * event type of the catalog, and the curl command that sends one.
 * tests/unit/webhook-toolkit validates each body against the Event schema of
 * api/openapi.yaml and runs the command through bash.
 */
import {webhookEvents, type WebhookEvent} from '../data/webhooks';
import {isoSeconds as iso} from './isoTime';

/** A random id with the API's prefix: `evt_` + 24 characters. */
export function randomId(prefix: 'evt' | 'pay' | 'rf'): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `${prefix}_${Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('')}`;
}

const address = '0x7d3A1f9c2B84e5F06a19C3d7E2b5a8F1c4D9e603';
const customerAddress = '0x9F2b6c1E4a7D03B58e21c6A4f0D7b3E8a5C19d42';

function payment(event: WebhookEvent, id: string, now: number) {
  const created = now - 240;
  const received =
    {
      awaiting_payment: '0.00',
      pending: '25.00',
      succeeded: '25.00',
      requires_action: '20.00',
      expired: '0.00',
      canceled: '0.00',
      failed: '25.00',
    }[event.status] ?? '0.00';
  return {
    id,
    object: 'payment',
    livemode: false,
    status: event.status,
    price: {amount: '25.00', currency: 'USD'},
    asset: 'USDC',
    network: 'base',
    amount_due: {amount: '25.00', currency: 'USDC'},
    amount_received: {amount: received, currency: 'USDC'},
    address,
    payment_uri: `ethereum:0x036CbD53842c5426634e7929541eC2318f3dCF7e@84532/transfer?address=${address}&uint256=25000000`,
    hosted_url: `https://pay.coinwharf.com/${id}`,
    expires_at: iso(created + 900),
    confirmations: {pending: 12, succeeded: 30, requires_action: 30, failed: 0}[event.status] ?? 0,
    required_confirmations: 30,
    labels: event.status === 'requires_action' ? ['UNDER'] : [],
    reference: 'order_1042',
    metadata: {customer_id: 'cus_8812'},
    created_at: iso(created),
    updated_at: iso(now),
  };
}

function refund(event: WebhookEvent, id: string, now: number) {
  return {
    id,
    object: 'refund',
    livemode: false,
    payment: randomId('pay'),
    status: event.status,
    amount: {amount: '25.00', currency: 'USDC'},
    asset: 'USDC',
    network: 'base',
    address: customerAddress,
    created_at: iso(now - 120),
    updated_at: iso(now),
  };
}

/** The body of a delivery of `type`, sent at `now` (Unix seconds), as compact JSON is built from it. */
export function sampleEvent(type: string, eventId: string, now: number) {
  const event = webhookEvents.find((candidate) => candidate.type === type);
  if (!event) throw new Error(`Unknown event type ${type}`);
  const data = event.object === 'payment' ? payment(event, randomId('pay'), now) : refund(event, randomId('rf'), now);
  return {id: eventId, type, timestamp: iso(now), data};
}

/** A shell word in single quotes: nothing inside is expanded. */
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The curl command that posts a signed delivery; the page shows it to be copied, never runs it. */
export function curlCommand(url: string, headers: Record<string, string>, body: string): string {
  return [
    `curl --silent --show-error --request POST ${shellQuote(url)}`,
    ...Object.entries(headers).map(([name, value]) => `  --header ${shellQuote(`${name}: ${value}`)}`),
    `  --data-raw ${shellQuote(body)}`,
  ].join(' \\\n');
}
