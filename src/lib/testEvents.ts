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

const address = '0x7D3a1f9C2b84E5F06A19c3D7e2b5a8f1C4d9e603';
const customerAddress = '0x9F2B6C1e4A7D03b58e21c6A4f0D7B3E8a5c19D42';

/** The money of a sample payment in each status (payment.updated: more funds after it succeeded). */
const moneyByStatus: Record<string, {received: string; pending: string; confirmations: number; labels: string[]}> = {
  awaiting_payment: {received: '0.00', pending: '0.00', confirmations: 0, labels: []},
  pending: {received: '0.00', pending: '25.00', confirmations: 12, labels: []},
  succeeded: {received: '25.00', pending: '0.00', confirmations: 30, labels: []},
  unchanged: {received: '27.50', pending: '0.00', confirmations: 30, labels: ['OVER']},
  requires_action: {received: '20.00', pending: '0.00', confirmations: 30, labels: ['UNDER']},
  expired: {received: '0.00', pending: '0.00', confirmations: 0, labels: []},
  canceled: {received: '0.00', pending: '0.00', confirmations: 0, labels: []},
  failed: {received: '0.00', pending: '0.00', confirmations: 0, labels: []},
};
const usdc = (amount: string) => ({amount, currency: 'USDC'});
/** 1 % of a USDC amount with two decimals, as the API writes it. */
const feeOf = (amount: string) => usdc((Number(amount.replace('.', '')) / 10_000).toFixed(4).replace(/0{1,2}$/, ''));

function payment(event: WebhookEvent, id: string, now: number) {
  const created = now - 240;
  const status = event.status === 'unchanged' ? 'succeeded' : event.status;
  const money = moneyByStatus[event.status] ?? moneyByStatus.awaiting_payment;
  const seen = money.received !== '0.00' || money.pending !== '0.00';
  return {
    id,
    object: 'payment',
    livemode: false,
    status,
    price: {amount: '25.00', currency: 'USD'},
    asset: 'USDC',
    network: 'base',
    amount_due: usdc('25.00'),
    amount_received: usdc(money.received),
    amount_pending: usdc(money.pending),
    amount_refunded: usdc('0.00'),
    fee: status === 'succeeded' ? feeOf(money.received) : null,
    asset_contract: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
    transactions: seen
      ? [
          {
            hash: '0x5c8e2f0a9d4b71c36e18a2f5d09b4c7e3a6f1d82b0c94e57a13d6f28e9b0c4a1',
            amount: usdc(money.pending === '0.00' ? money.received : money.pending),
            confirmations: money.confirmations,
            block_height: 18234410,
            seen_at: iso(created + 60),
          },
        ]
      : [],
    address,
    payment_uri: `ethereum:0x036CbD53842c5426634e7929541eC2318f3dCF7e@84532/transfer?address=${address}&uint256=25000000`,
    hosted_url: `https://pay.coinwharf.com/${id}`,
    expires_at: iso(created + 900),
    confirmations: money.confirmations,
    required_confirmations: 30,
    labels: money.labels,
    // A test event pays for no order of yours: a receiver keys it by its payment id, as it does the
    // script's (examples/webhooks/send-test-event.ts), so each one is a new order, fulfilled once.
    reference: null,
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
    reason: 'other',
    asset: 'USDC',
    network: 'base',
    address: customerAddress,
    transaction_hash:
      event.status === 'succeeded' ? '0x9b0c4a15c8e2f0a9d4b71c36e18a2f5d09b4c7e3a6f1d82b0c94e57a13d6f28e' : null,
    network_fee: event.status === 'succeeded' ? {amount: '0.02', currency: 'USDC'} : null,
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
