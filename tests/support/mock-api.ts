// A local, lightly stateful mock of the Coinwharf Payments API, built from
// api/openapi.yaml. openapi-backend routes each request and validates it
// (path, query, headers, body, bearer key) against the description; a request
// that does not conform gets the API's error envelope and is recorded in
// `violations`, and so is any mock response that does not conform to its
// schema. Webhooks are signed (Standard Webhooks v1) and really POSTed, but only
// to loopback URLs, before the API call that caused them answers.
import {createHmac, randomBytes} from 'node:crypto';
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';
import path from 'node:path';
import {OpenAPIBackend, ValidationContext, type Context, type Document} from 'openapi-backend';
import {dereference} from 'openapi-backend/refparser';
import {closedSchemas} from './closed-description';

export const descriptionPath = path.resolve(__dirname, '../../api/openapi.yaml');
/** A well-formed sandbox key for tests; the mock accepts any `cw_test_` key. */
export const testSecretKey = 'cw_test_51Hx9QeKz4mVb7NwR2tYcL8dPa';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
  operationId: string | null;
  status: number;
  response: unknown;
  /** The headers the mock answered with, names in lower case (`idempotent-replayed` on a replay). */
  responseHeaders: Record<string, string>;
}
export interface WebhookDelivery {
  eventId: string;
  type: string;
  url: string;
  status: number | null;
  ok: boolean;
  error?: string;
}
export interface MockApi {
  /** e.g. http://127.0.0.1:41234/v1 */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Requests or responses that do not conform to api/openapi.yaml. */
  violations: string[];
  deliveries: WebhookDelivery[];
  /**
   * For tests only, not an API path: plays the chain where the sandbox simulator has no outcome.
   * `see` puts funds of `amount` (in the payment's asset) on a `requires_action` payment after its
   * quote ended (an UNDER one gains LATE), on a `succeeded` one, or on an `expired`, `canceled` or
   * `failed` one, whose status stays as it is, seen with one confirmation, so they count in
   * `amount_pending`; `confirm` gives every transaction the required confirmations, and the labels
   * follow the amounts (UNDER goes once `amount_received` reaches `amount_due`, OVER comes once it
   * is more; a succeeded payment's fee is worked out again). Each sends payment.updated, as funds
   * reaching such a payment do (src/data/statuses.ts, fundsArriving), except that confirming the
   * funds of an ended payment reopens it as `requires_action` with LATE (payment.requires_action).
   * `topUp` plays the customer topping up a `requires_action` UNDER payment: the funds are seen with
   * one confirmation, and the payment is `pending` again (payment.pending), still holding the
   * confirmed funds of its first transaction. `drop` plays a reorg: the unconfirmed transactions are
   * gone. A `pending` payment with confirmed funds left requires action again (UNDER when short);
   * with none, it awaits payment while the quote is valid (`quoteValid`), else it fails. A
   * `requires_action` or `succeeded` payment keeps its status and `amount_received`, and sends
   * payment.updated.
   */
  chain: {
    see(paymentId: string, amount: string): Promise<void>;
    confirm(paymentId: string): Promise<void>;
    topUp(paymentId: string, amount: string): Promise<void>;
    drop(paymentId: string, options: {quoteValid: boolean}): Promise<void>;
  };
  /**
   * For tests only, not an API path: moves a payment's `created_at` `days` into the past, as if it
   * had been created then, for the `created[gte]` and `created[lt]` filters of GET /v1/payments.
   */
  backdate(paymentId: string, days: number): void;
  close(): Promise<void>;
}

type Json = Record<string, any>;
type Reply = {status: number; body: Json; headers?: Record<string, string>};

// network -> assets, required confirmations, and how the payment URI looks
// (payments made with cw_test_ keys settle on the sandbox chain: EVM chain ids
// are the sandbox ones).
const evm = (chainId: number) => (address: string, asset: string, units: bigint) =>
  asset === 'ETH'
    ? `ethereum:${address}@${chainId}?value=${units}`
    : `ethereum:${tokenContract(asset, chainId)}@${chainId}/transfer?address=${address}&uint256=${units}`;
const networks: Record<
  string,
  {assets: string[]; confirmations: number; uri(a: string, asset: string, units: bigint, amount: string): string}
> = {
  bitcoin: {assets: ['BTC'], confirmations: 3, uri: (a, _s, _u, amount) => `bitcoin:${a}?amount=${amount}`},
  ethereum: {assets: ['ETH', 'USDC', 'USDT'], confirmations: 12, uri: evm(11155111)},
  base: {assets: ['ETH', 'USDC'], confirmations: 30, uri: evm(84532)},
  polygon: {assets: ['USDC', 'USDT'], confirmations: 64, uri: evm(80002)},
  solana: {
    assets: ['SOL', 'USDC'],
    confirmations: 32,
    uri: (a, s, _u, amount) =>
      `solana:${a}?amount=${amount}${s === 'USDC' ? '&spl-token=4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU' : ''}`,
  },
  tron: {
    assets: ['USDT'],
    confirmations: 20,
    uri: (a, _s, _u, amount) => `tron:${a}?amount=${amount}&token=TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf`,
  },
};
const tokenContract = (asset: string, chainId: number) =>
  (<Record<string, string>>{
    'USDC@84532': '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
    'USDC@11155111': '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238',
    'USDC@80002': '0x41E94Eb019C0762f9Bfcf9Fb1E58725BfB0e7582',
  })[`${asset}@${chainId}`] ?? '0xaA8E23Fb1079EA71e0a56F48a2aA51851D8433D0';
// The contract (or mint) a sandbox payment's token lives at; null for a native coin. USDT has
// no issuer testnet contract: the sandbox simulates it (its payment URI still names one, as a wallet needs).
const sandboxContracts: Record<string, string | null> = {
  'USDC@ethereum': '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238',
  'USDC@base': '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
  'USDC@polygon': '0x41E94Eb019C0762f9Bfcf9Fb1E58725BfB0e7582',
  'USDC@solana': '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU',
};
const assetContract = (asset: string, network: string) => sandboxContracts[`${asset}@${network}`] ?? null;
const decimals: Record<string, number> = {BTC: 8, ETH: 18, USDC: 6, USDT: 6, SOL: 9};
// The fiat currencies prices may use, with their minor units (BRIEF, Model v2).
const fiatDecimals: Record<string, number> = {USD: 2, EUR: 2, GBP: 2, CAD: 2, AUD: 2, JPY: 0, CHF: 2};
const usdPerUnit: Record<string, string> = {
  USD: '1',
  EUR: '1.08',
  GBP: '1.27',
  CAD: '0.73',
  AUD: '0.66',
  JPY: '0.0067',
  CHF: '1.13',
  BTC: '60625',
  ETH: '3350',
  SOL: '145',
  USDC: '1',
  USDT: '1',
};

// Exact decimal arithmetic on strings: amounts never pass through a double.
const units = (amount: string, scale: number) => {
  const [whole, fraction = ''] = amount.split('.');
  return BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
};
const decimal = (value: bigint, scale: number) => {
  const digits = value.toString().padStart(scale + 1, '0');
  const fraction = digits
    .slice(digits.length - scale)
    .replace(/0+$/, '')
    .padEnd(2, '0');
  return scale === 0 ? digits : `${digits.slice(0, digits.length - scale)}.${fraction}`;
};

const base62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const newId = (prefix: string) => `${prefix}_${[...randomBytes(24)].map((b) => base62[b % 62]).join('')}`;
const base58Alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** A transaction hash as the network's explorer writes it (a Solana signature is base58). */
const newTransactionHash = (network: string) =>
  network === 'solana'
    ? [...randomBytes(88)].map((b) => base58Alphabet[b % 58]).join('')
    : `${['bitcoin', 'tron'].includes(network) ? '' : '0x'}${randomBytes(32).toString('hex')}`;
const randomAddress = (network: string) =>
  network === 'bitcoin'
    ? `tb1q${randomBytes(19).toString('hex')}`
    : network === 'solana'
      ? [...randomBytes(44)]
          .map((b) => base62[b % 58])
          .join('')
          .replace(/[0lIO]/g, '7')
      : network === 'tron'
        ? `T${[...randomBytes(33)]
            .map((b) => base62[b % 58])
            .join('')
            .replace(/[0lIO]/g, '9')}`
        : `0x${randomBytes(20).toString('hex')}`;
/** An ISO 8601 time without milliseconds, as the API writes them. */
const iso = (date: Date) => date.toISOString().replace(/\.\d+Z$/, 'Z');
const now = () => iso(new Date());
const error = (status: number, type: string, code: string, message: string, param: string | null = null): Reply => ({
  status,
  body: {error: {type, code, message, param, request_id: newId('req')}},
});
const invalid = (message: string, param: string | null = null) =>
  error(400, 'invalid_request_error', 'parameter_invalid', message, param);
const notFound = (what: string, id: string, param = 'id') =>
  error(404, 'invalid_request_error', 'resource_missing', `No ${what} ${id} for this key.`, param);
const isLoopback = (url: string) => ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);

// The address formats a refund may go to, per network and mode (the API's refund_address_invalid):
// a sandbox payment is refunded on its test network, where Bitcoin addresses are tb1, m, n or 2.
const base58 = '[1-9A-HJ-NP-Za-km-z]';
const witnessChars = '[02-9ac-hj-np-z]';
const evmAddress = /^0x[0-9a-fA-F]{40}$/;
const refundAddressFormats: Record<string, {live: RegExp; sandbox: RegExp}> = {
  bitcoin: {
    live: new RegExp(`^(bc1${witnessChars}{11,71}|[13]${base58}{25,34})$`),
    sandbox: new RegExp(`^(tb1${witnessChars}{11,71}|[mn2]${base58}{25,34})$`),
  },
  ethereum: {live: evmAddress, sandbox: evmAddress},
  base: {live: evmAddress, sandbox: evmAddress},
  polygon: {live: evmAddress, sandbox: evmAddress},
  solana: {live: new RegExp(`^${base58}{32,44}$`), sandbox: new RegExp(`^${base58}{32,44}$`)},
  tron: {live: new RegExp(`^T${base58}{33}$`), sandbox: new RegExp(`^T${base58}{33}$`)},
};

/** The mock's handler of each operation, by operationId: per mock, since each keeps its own payments. */
type MockOperations = Record<string, (c: Context) => Reply | Promise<Reply>>;

/** Every operationId of the description. */
const operationIdsOf = (definition: Document): string[] =>
  Object.values(definition.paths ?? {}).flatMap((item) =>
    Object.values(item ?? {}).flatMap((operation) =>
      typeof operation === 'object' && operation !== null && 'operationId' in operation
        ? [String(operation.operationId)]
        : [],
    ),
  );

/**
 * The process's one openapi-backend, which routes and validates every mock's requests, and the webhook
 * Event validator: compiling their validators took about a fifth of a sample test's time when each mock
 * built its own. A mock passes its own handlers with each request (handleRequest's last argument).
 */
let sharedBackend: ReturnType<typeof createBackend> | undefined;
const backend = () => (sharedBackend ??= createBackend());

async function createBackend() {
  // Quick mode compiles validators on first use and skips openapi-backend's document check, which tests
  // against the OpenAPI 3.0 schema and so rejects any 3.1 document; Redocly lints the description as 3.1.
  // Parsed afresh from JSON so that no two places share one object: openapi-backend would turn a shared
  // `examples` array into a {$ref}.
  // Closed: the mock answers only the fields the description lists (tests/support/closed-description.ts).
  const definition = closedSchemas(JSON.parse(JSON.stringify(await dereference(descriptionPath)))) as Document;
  const api = new OpenAPIBackend({
    definition,
    apiRoot: '/v1',
    quick: true,
    customizeAjv: (ajv) =>
      ajv
        .addFormat('uri', (s: string) => URL.canParse(s))
        .addFormat('date-time', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/),
    handlers: {
      // The handlers are the mock's own (see handleRequest's last argument), the backend the process's.
      ...Object.fromEntries(
        operationIdsOf(definition).map((id) => [
          id,
          (c: Context, operations: MockOperations) => {
            const handle = operations[id];
            if (!handle) throw new Error(`the mock has no handler for ${id}`);
            return handle(c);
          },
        ]),
      ),
      validationFail: (c: Context) => {
        const problems = (c.validation.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
        const first = c.validation.errors?.[0];
        const param = [...(first?.instancePath.split('/').slice(2) ?? []), first?.params?.missingProperty]
          .filter(Boolean)
          .join('.');
        return {...invalid(`Invalid request: ${problems.join('; ')}`, param || null), violation: problems.join('; ')};
      },
      unauthorizedHandler: () => ({
        ...error(
          401,
          'authentication_error',
          'invalid_api_key',
          'The secret key is missing or not valid. The mock takes cw_test_ keys.',
        ),
        violation: 'missing or malformed cw_test_ bearer key',
      }),
      notFound: () => ({
        ...error(404, 'invalid_request_error', 'resource_missing', 'No such endpoint.'),
        violation: 'path not in api/openapi.yaml',
      }),
      methodNotAllowed: () => ({
        ...error(404, 'invalid_request_error', 'resource_missing', 'No such endpoint.'),
        violation: 'method not in api/openapi.yaml',
      }),
    },
  });
  api.registerSecurityHandler('bearerAuth', (c) =>
    /^Bearer cw_test_[0-9A-Za-z]{16,}$/.test(String(c.request.headers.authorization ?? '')),
  );
  await api.init();
  const validateEvent = api.validator
    .getAjv(ValidationContext.Response)
    .compile((definition as Json).components.schemas.Event);
  return {api, validateEvent};
}

export async function startMockApi(): Promise<MockApi> {
  const requests: RecordedRequest[] = [];
  const violations: string[] = [];
  const deliveries: WebhookDelivery[] = [];
  const payments = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  const events: Json[] = [];
  const endpoints: Json[] = [];
  // A key's stored reply, or `running` while its first request has not answered yet.
  const idempotency = new Map<string, {fingerprint: string; reply: Reply | 'running'}>();

  // Signs and POSTs one event to every enabled endpoint that subscribed to its type.
  async function emit(type: string, object: Json) {
    const event = {id: newId('evt'), type, timestamp: now(), data: structuredClone(object)};
    if (!validateEvent(event))
      violations.push(`webhook ${type}: body does not match Event: ${JSON.stringify(validateEvent.errors)}`);
    const record = {...event, delivery_status: 'pending', delivery_attempts: 0};
    events.unshift(record);
    const body = JSON.stringify(event);
    // A disabled endpoint that subscribed has not acknowledged the event: it stays `failed`, so a
    // replay of the failed events after the endpoint is enabled again misses nothing.
    const subscribed = endpoints.filter((e) => e.enabled_events.includes(type));
    let failed = subscribed.some((e) => e.status !== 'enabled');
    for (const endpoint of subscribed.filter((e) => e.status === 'enabled')) {
      const timestamp = Math.floor(Date.now() / 1000).toString();
      const key = Buffer.from(endpoint.secret.slice('whsec_'.length), 'base64');
      const signature = createHmac('sha256', key).update(`${event.id}.${timestamp}.${body}`).digest('base64');
      const delivery: WebhookDelivery = {eventId: event.id, type, url: endpoint.url, status: null, ok: false};
      record.delivery_attempts += 1;
      try {
        if (!isLoopback(endpoint.url)) throw new Error('the mock delivers only to loopback URLs');
        const response = await fetch(endpoint.url, {
          method: 'POST',
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(15_000),
          headers: {
            'content-type': 'application/json',
            'webhook-id': event.id,
            'webhook-timestamp': timestamp,
            'webhook-signature': `v1,${signature}`,
          },
        });
        await response.arrayBuffer();
        Object.assign(delivery, {status: response.status, ok: response.status >= 200 && response.status < 300});
        if (response.status === 410) endpoint.status = 'disabled';
      } catch (e) {
        delivery.error = String(e);
      }
      failed ||= !delivery.ok;
      deliveries.push(delivery);
    }
    record.delivery_status = failed ? 'failed' : 'succeeded';
  }

  /**
   * The wallet URI for what the customer should send: the amount due, or, while the payment
   * requires action with UNDER, what is still due (amount_due less amount_received), for a top-up.
   */
  const paymentUri = (payment: Json) => {
    const d = decimals[payment.asset];
    const due = units(payment.amount_due.amount, d);
    const received = units(payment.amount_received.amount, d);
    const short = payment.status === 'requires_action' && payment.labels.includes('UNDER') && received < due;
    const amount = short ? due - received : due;
    return networks[payment.network].uri(payment.address, payment.asset, amount, decimal(amount, d));
  };

  // Every status change sends payment.<new status>, the return to awaiting_payment after a reorg included.
  async function setStatus(payment: Json, status: string, changes: Json = {}) {
    Object.assign(payment, changes, {status, updated_at: now()});
    payment.payment_uri = paymentUri(payment);
    await emit(`payment.${status}`, payment);
  }

  /** The payment a request names, or the API's 404, or its 409 when the payment is not in `status`. */
  const paymentIn = (c: Context, status: string, action: string): {payment: Json} | {refused: Reply} => {
    const id = String(c.request.params.id);
    const payment = payments.get(id);
    if (!payment) return {refused: notFound('payment', id)};
    if (payment.status !== status) {
      const message = `Payment ${payment.id} is ${payment.status}; only ${status} payments can be ${action}.`;
      return {refused: error(409, 'invalid_request_error', 'payment_invalid_state', message)};
    }
    return {payment};
  };

  /** A payment's refunds that have not failed (only those with `reason`, when given), summed in its asset's units. */
  const refunded = (payment: Json, reason?: string): bigint =>
    [...refunds.values()]
      .filter((r) => r.payment === payment.id && r.status !== 'failed' && (!reason || r.reason === reason))
      .reduce((sum, r) => sum + units(r.amount.amount, decimals[payment.asset]), 0n);

  /** What is left to refund: received, less every refund of the payment that has not failed. */
  const refundable = (payment: Json): bigint =>
    units(payment.amount_received.amount, decimals[payment.asset]) - refunded(payment);

  /**
   * What is left of an OVER payment's excess: received over due, less its `overpayment` refunds not
   * failed, and less its `declined` ones: funds refunded while it required action were never kept,
   * so late funds that reopened it and were accepted are not an excess of them.
   */
  const excessLeft = (payment: Json): bigint => {
    const d = decimals[payment.asset];
    return (
      units(payment.amount_received.amount, d) -
      units(payment.amount_due.amount, d) -
      refunded(payment, 'overpayment') -
      refunded(payment, 'declined')
    );
  };

  /**
   * Labels follow the confirmed amounts: UNDER goes once `amount_received` reaches `amount_due`, and
   * OVER comes once it is more (LATE, which says when funds came, stays).
   */
  const followAmounts = (payment: Json) => {
    const d = decimals[payment.asset];
    const received = units(payment.amount_received.amount, d);
    const due = units(payment.amount_due.amount, d);
    const labels = payment.labels.filter((label: string) => label !== 'UNDER' || received < due);
    payment.labels = received > due ? [...new Set([...labels, 'OVER'])] : labels;
  };

  const money = (payment: Json, value: bigint) => ({
    amount: decimal(value, decimals[payment.asset]),
    currency: payment.asset,
  });
  const unitsOf = (payment: Json, field: string) => units(payment[field].amount, decimals[payment.asset]);

  /** The refunds that have not failed, summed into `amount_refunded`. */
  const countRefunds = (payment: Json) => {
    payment.amount_refunded = money(payment, unitsOf(payment, 'amount_received') - refundable(payment));
  };

  /** Amounts changed without a new status: payment.updated (BRIEF, Model v2). */
  const amountsChanged = async (payment: Json) => {
    payment.updated_at = now();
    await emit('payment.updated', payment);
  };

  /** A transaction of `value` seen paying the payment, with `confirmations` (0: not mined yet). */
  const seeTransaction = (payment: Json, value: bigint, confirmations: number) => {
    payment.transactions.push({
      hash: newTransactionHash(payment.network),
      amount: money(payment, value),
      confirmations,
      block_height: confirmations === 0 ? null : 4_100_000 + payment.transactions.length,
      seen_at: now(),
    });
    if (confirmations >= payment.required_confirmations)
      payment.amount_received = money(payment, unitsOf(payment, 'amount_received') + value);
    else payment.amount_pending = money(payment, unitsOf(payment, 'amount_pending') + value);
  };
  /** Every transaction reaches the required confirmations: pending funds become received funds. */
  const confirmAll = (payment: Json) => {
    for (const transaction of payment.transactions) transaction.confirmations = payment.required_confirmations;
    payment.amount_received = money(payment, unitsOf(payment, 'amount_received') + unitsOf(payment, 'amount_pending'));
    payment.amount_pending = money(payment, 0n);
    payment.confirmations = payment.required_confirmations;
  };
  /** A reorg: the unconfirmed transactions are gone from the chain. */
  const dropUnconfirmed = (payment: Json) => {
    payment.transactions = payment.transactions.filter((t: Json) => t.confirmations >= payment.required_confirmations);
    payment.amount_pending = money(payment, 0n);
    payment.confirmations = 0;
  };
  /**
   * A reorg drops a pending payment's unconfirmed transactions. Confirmed funds that remain (an UNDER
   * payment that was topped up) send it back to requires_action, with UNDER when short,
   * whatever the quote; with none, it waits for funds again while the quote is valid, else fails.
   */
  const reorg = async (payment: Json, quoteValid: boolean) => {
    dropUnconfirmed(payment);
    const d = decimals[payment.asset];
    const received = unitsOf(payment, 'amount_received');
    if (received > 0n) {
      const short = received < units(payment.amount_due.amount, d);
      const labels = short ? [...new Set([...payment.labels, 'UNDER'])] : payment.labels;
      const confirmations = payment.required_confirmations;
      await setStatus(payment, 'requires_action', {labels, confirmations});
    } else await setStatus(payment, quoteValid ? 'awaiting_payment' : 'failed');
  };
  /** Where a payment has ended: funds reaching it reopen it as requires_action LATE once confirmed. */
  const ended = ['expired', 'canceled', 'failed'];
  /**
   * 1 % of the confirmed funds less the `declined` refunds not failed (funds refunded while the
   * payment required action pay no fee), rounded half up to the asset's smallest unit.
   */
  const feeOf = (payment: Json) =>
    money(payment, (unitsOf(payment, 'amount_received') - refunded(payment, 'declined') + 50n) / 100n);

  // starting_after is a place in the whole list, whether or not its object still matches the filters
  // (a payment accepted during a sweep of status=requires_action): paging goes on after it.
  const canonicalJson = (value: unknown): string =>
    JSON.stringify(value, (_key, item: unknown) =>
      item && typeof item === 'object' && !Array.isArray(item)
        ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : item,
    );
  const page = (items: Json[], query: Json, filters: string[]) => {
    const after = query.starting_after ? items.slice(items.findIndex((i) => i.id === query.starting_after) + 1) : items;
    const list = after.filter((item) => filters.every((f) => query[f] === undefined || item[f] === query[f]));
    const limit = Number(query.limit ?? 10);
    return {status: 200, body: {object: 'list', data: list.slice(0, limit), has_more: list.length > limit}};
  };

  const handlers: Record<string, (c: Context) => Reply | Promise<Reply>> = {
    async createPayment(c) {
      const {price, asset, network, expires_in = 900, reference = null, metadata = {}} = c.request.requestBody;
      if (fiatDecimals[price.currency] === undefined)
        return error(
          422,
          'invalid_request_error',
          'unsupported_currency',
          `Prices in ${price.currency} are not supported; use USD, EUR, GBP, CAD, AUD, JPY or CHF.`,
          'price.currency',
        );
      if ((price.amount.split('.')[1]?.length ?? 0) > fiatDecimals[price.currency])
        return invalid(
          `price.amount has more decimals than ${price.currency} has minor units (${fiatDecimals[price.currency]}).`,
          'price.amount',
        );
      if (!networks[network].assets.includes(asset))
        return error(
          422,
          'invalid_request_error',
          'unsupported_asset_network',
          `${asset} is not available on ${network}. On ${network}, use ${networks[network].assets.join(' or ')}.`,
          'asset',
        );
      const usd = units(price.amount, 18) * units(usdPerUnit[price.currency], 18);
      if (usd < 10n ** 36n)
        return error(
          400,
          'invalid_request_error',
          'amount_too_small',
          'A payment is at least 1.00 USD or its equivalent.',
          'price.amount',
        );
      const d = decimals[asset];
      const perUnit = units(usdPerUnit[asset], 18) * 10n ** 18n;
      const due = (usd * 10n ** BigInt(d) + perUnit - 1n) / perUnit; // rounded up to the asset's smallest unit
      const id = newId('pay');
      const address = randomAddress(network);
      const created = new Date();
      const payment = {
        id,
        object: 'payment',
        livemode: false,
        status: 'awaiting_payment',
        price,
        asset,
        network,
        amount_due: {amount: decimal(due, d), currency: asset},
        amount_received: {amount: decimal(0n, d), currency: asset},
        amount_pending: {amount: decimal(0n, d), currency: asset},
        amount_refunded: {amount: decimal(0n, d), currency: asset},
        fee: null as Json | null,
        asset_contract: assetContract(asset, network),
        transactions: [] as Json[],
        address,
        payment_uri: networks[network].uri(address, asset, due, decimal(due, d)),
        hosted_url: `https://pay.coinwharf.com/${id}`,
        expires_at: iso(new Date(created.getTime() + expires_in * 1000)),
        confirmations: 0,
        required_confirmations: networks[network].confirmations,
        labels: [] as string[],
        reference,
        metadata,
        created_at: now(),
        updated_at: now(),
      };
      payments.set(id, payment);
      await emit('payment.created', payment);
      return {status: 201, body: payment};
    },
    getPayment: (c) => {
      const payment = payments.get(String(c.request.params.id));
      return payment ? {status: 200, body: payment} : notFound('payment', String(c.request.params.id));
    },
    listPayments(c) {
      const {gte, lt} = (c.request.query.created ?? {}) as {gte?: string; lt?: string};
      const inWindow = [...payments.values()]
        .reverse()
        .filter(
          (p) =>
            (!gte || Date.parse(p.created_at) >= Date.parse(gte)) && (!lt || Date.parse(p.created_at) < Date.parse(lt)),
        );
      return page(inWindow, c.request.query, ['status', 'reference']);
    },
    async cancelPayment(c) {
      const found = paymentIn(c, 'awaiting_payment', 'canceled');
      if ('refused' in found) return found.refused;
      const {payment} = found;
      await setStatus(payment, 'canceled');
      return {status: 200, body: payment};
    },
    async acceptPayment(c) {
      const found = paymentIn(c, 'requires_action', 'accepted');
      if ('refused' in found) return found.refused;
      const {payment} = found;
      if (unitsOf(payment, 'amount_pending') !== 0n)
        return error(
          409,
          'invalid_request_error',
          'payment_invalid_state',
          `Payment ${payment.id} has ${payment.amount_pending.amount} ${payment.asset} waiting for confirmations; accept it once amount_pending is zero.`,
        );
      await setStatus(payment, 'succeeded', {fee: feeOf(payment)});
      return {status: 200, body: payment};
    },
    async simulatePayment(c) {
      const outcome = String(c.request.requestBody.outcome);
      const id = String(c.request.params.id);
      const found =
        outcome === 'top_up'
          ? paymentIn(c, 'requires_action', 'topped up')
          : outcome === 'late' && [...ended, 'succeeded'].includes(payments.get(id)?.status)
            ? {payment: payments.get(id) as Json}
            : paymentIn(c, 'awaiting_payment', 'simulated');
      if ('refused' in found) return found.refused;
      const {payment} = found;
      // A top-up comes while the quote is valid: funds after it are late funds (LATE), not a top-up.
      if (outcome === 'top_up' && (!payment.labels.includes('UNDER') || payment.labels.includes('LATE')))
        return error(
          409,
          'invalid_request_error',
          'payment_invalid_state',
          `Payment ${payment.id} is ${payment.labels.join(', ')}; only an UNDER payment that is not LATE can be topped up.`,
        );
      const due = unitsOf(payment, 'amount_due');
      const seen = async (percent: bigint) => {
        seeTransaction(payment, (due * percent) / 100n, 1);
        await setStatus(payment, 'pending', {confirmations: 1});
      };
      const confirmed = async (status: string, labels: string[]) => {
        confirmAll(payment);
        await setStatus(payment, status, {labels, ...(status === 'succeeded' ? {fee: feeOf(payment)} : {})});
      };
      switch (outcome) {
        case 'exact':
          await seen(100n);
          await confirmed('succeeded', []);
          break;
        case 'underpay':
          await seen(80n);
          await confirmed('requires_action', ['UNDER']);
          break;
        case 'overpay':
          await seen(110n);
          await confirmed('succeeded', ['OVER']);
          break;
        case 'late':
          // Funds after the end, as on the chain: seen first, in amount_pending while they confirm, with
          // the status unchanged (payment.updated); then confirmed. A succeeded payment stays succeeded
          // (OVER once more than due, payment.updated again); any other reopens as requires_action.
          if (payment.status === 'awaiting_payment') await setStatus(payment, 'expired');
          seeTransaction(payment, payment.status === 'succeeded' ? due / 10n : due, 1);
          await amountsChanged(payment);
          confirmAll(payment);
          if (payment.status === 'succeeded') {
            followAmounts(payment);
            payment.fee = feeOf(payment);
            await amountsChanged(payment);
            break;
          }
          // LATE, and the labels follow the amounts: a payment refunded in full while it required
          // action still counts the funds it received then, so the late ones make it OVER.
          payment.labels = [...new Set([...payment.labels, 'LATE'])];
          followAmounts(payment);
          await setStatus(payment, 'requires_action');
          break;
        case 'reorg':
          await seen(100n);
          await reorg(payment, true);
          break;
        case 'fail':
          await seen(100n);
          await reorg(payment, false);
          break;
        case 'expire':
          await setStatus(payment, 'expired');
          break;
        case 'top_up':
          seeTransaction(payment, due - unitsOf(payment, 'amount_received'), 1);
          await setStatus(payment, 'pending', {confirmations: 1});
          await confirmed('succeeded', []);
      }
      return {status: 200, body: payment};
    },
    async createRefund(c) {
      const {payment: paymentId, address} = c.request.requestBody;
      const payment = payments.get(paymentId);
      if (!payment) return notFound('payment', paymentId, 'payment');
      const d = decimals[payment.asset];
      const left = refundable(payment);
      // A pending payment may hold confirmed funds (an UNDER payment topped up), but is still confirming.
      if (payment.status === 'pending')
        return error(
          409,
          'invalid_request_error',
          'payment_invalid_state',
          `Payment ${paymentId} is pending: a transaction to it is still confirming. Refund it once it is succeeded or requires_action.`,
        );
      if (!['succeeded', 'requires_action', 'canceled'].includes(payment.status) || left === 0n)
        return error(
          409,
          'invalid_request_error',
          'payment_invalid_state',
          `Payment ${paymentId} is ${payment.status} and holds nothing to refund.`,
        );
      // As for accept: a payment that requires action is refunded once nothing is still confirming.
      if (payment.status === 'requires_action' && unitsOf(payment, 'amount_pending') !== 0n)
        return error(
          409,
          'invalid_request_error',
          'payment_invalid_state',
          `Payment ${paymentId} has ${payment.amount_pending.amount} ${payment.asset} waiting for confirmations; refund it once amount_pending is zero.`,
        );
      // A payment that requires action is declined: refunded in full, with reason declined (its
      // default there, and the only reason allowed); declined is refused on any other status.
      const declining = payment.status === 'requires_action';
      const reason = c.request.requestBody.reason ?? (declining ? 'declined' : 'other');
      if (declining !== (reason === 'declined'))
        return error(
          400,
          'invalid_request_error',
          'refund_reason_invalid',
          declining
            ? `Payment ${paymentId} requires action: refund it in full with reason declined, or accept it first and then refund its excess with reason overpayment.`
            : `Payment ${paymentId} is ${payment.status}: reason declined is only for the full refund of a payment that requires action.`,
          'reason',
        );
      // An excess is what the OVER label says, less the excess refunded or declined already.
      const overpaid = payment.labels.includes('OVER');
      const excess = overpaid ? excessLeft(payment) : 0n;
      const whole = reason === 'overpayment' ? excess : left;
      const amount = c.request.requestBody.amount ?? {
        amount: decimal(whole > 0n ? whole : 0n, d),
        currency: payment.asset,
      };
      if (amount.currency !== payment.asset)
        return invalid(`Refund in the payment's asset, ${payment.asset}.`, 'amount.currency');
      const asked = units(amount.amount, d);
      if (reason === 'overpayment' && (!overpaid || excess <= 0n || asked > excess))
        return error(
          400,
          'invalid_request_error',
          'refund_exceeds_excess',
          overpaid
            ? `At most ${decimal(excess > 0n ? excess : 0n, d)} ${payment.asset} of this payment's excess is left to refund.`
            : `Payment ${paymentId} has no OVER label: it has no excess to refund.`,
          overpaid ? 'amount.amount' : 'reason',
        );
      if (asked === 0n || amount.amount.split('.')[1]?.length > d)
        return invalid(`amount must be more than 0, with at most ${d} decimals for ${payment.asset}.`, 'amount.amount');
      if (asked > left)
        return error(
          400,
          'invalid_request_error',
          'refund_exceeds_payment',
          `At most ${decimal(left, d)} ${payment.asset} of this payment is left to refund.`,
          'amount.amount',
        );
      if (payment.status === 'requires_action' && asked !== left)
        return error(
          400,
          'invalid_request_error',
          'refund_must_be_full',
          `A payment that requires action is refunded in full: everything still refundable (amount_received less amount_refunded), ${decimal(left, d)} ${payment.asset}. Leave amount out to refund it all.`,
          'amount.amount',
        );
      const addressFormat = refundAddressFormats[payment.network][payment.livemode ? 'live' : 'sandbox'];
      if (!addressFormat.test(address) || address === payment.address)
        return error(
          400,
          'invalid_request_error',
          'refund_address_invalid',
          `Refund to an address the customer gave you, valid on ${payment.network} and not this payment's deposit address.`,
          'address',
        );
      const refund = {
        id: newId('rf'),
        object: 'refund',
        livemode: false,
        payment: paymentId,
        status: 'pending',
        amount,
        reason,
        asset: payment.asset,
        network: payment.network,
        address,
        transaction_hash: null as string | null,
        network_fee: null as Json | null,
        created_at: now(),
        updated_at: now(),
      };
      refunds.set(refund.id, refund);
      countRefunds(payment);
      if (payment.status === 'requires_action') await setStatus(payment, 'canceled');
      else await amountsChanged(payment);
      return {status: 201, body: refund};
    },
    async simulateRefund(c) {
      const id = String(c.request.params.id);
      const refund = refunds.get(id);
      if (!refund) return notFound('refund', id);
      if (refund.status !== 'pending')
        return error(
          409,
          'invalid_request_error',
          'refund_invalid_state',
          `Refund ${id} is ${refund.status}; only pending refunds can be settled.`,
        );
      const status = c.request.requestBody.outcome === 'succeed' ? 'succeeded' : 'failed';
      Object.assign(refund, {
        status,
        transaction_hash: status === 'succeeded' ? newTransactionHash(refund.network) : null,
        // Sent: the network's fee is charged to the balance; the sandbox's chains charge nothing.
        network_fee:
          status === 'succeeded' ? {amount: decimal(0n, decimals[refund.asset]), currency: refund.asset} : null,
        updated_at: now(),
      });
      const payment = payments.get(refund.payment) as Json;
      await emit(`refund.${status}`, refund);
      if (status === 'failed') {
        countRefunds(payment);
        // The funds are back with the payment: a payment canceled by refunding everything needs
        // action again (accept, or refund to a new address); a succeeded one has less refunded.
        if (payment.status === 'canceled') await setStatus(payment, 'requires_action');
        else await amountsChanged(payment);
      }
      return {status: 200, body: refund};
    },
    getRefund: (c) => {
      const refund = refunds.get(String(c.request.params.id));
      return refund ? {status: 200, body: refund} : notFound('refund', String(c.request.params.id));
    },
    listRefunds: (c) => page([...refunds.values()].reverse(), c.request.query, ['payment']),
    getBalance() {
      // Per asset and network: succeeded payments' net funds are available, and the part of it kept
      // for excesses not yet refunded is reserved; unconfirmed funds and funds of payments not (yet)
      // yours are pending. The sandbox covers what a balance cannot, so an available amount never shows
      // below zero.
      const least = (a: bigint, b: bigint) => (a < b ? a : b);
      const sums = {
        available: new Map<string, bigint>(),
        reserved: new Map<string, bigint>(),
        pending: new Map<string, bigint>(),
      };
      const add = (which: keyof typeof sums, payment: Json, value: bigint) => {
        const key = `${payment.asset} ${payment.network}`;
        sums[which].set(key, (sums[which].get(key) ?? 0n) + value);
      };
      for (const payment of payments.values()) {
        const kept = unitsOf(payment, 'amount_received') - unitsOf(payment, 'amount_refunded');
        if (payment.status === 'succeeded')
          add('available', payment, kept - (payment.fee ? unitsOf(payment, 'fee') : 0n));
        else if (kept > 0n) add('pending', payment, kept);
        if (unitsOf(payment, 'amount_pending') > 0n) add('pending', payment, unitsOf(payment, 'amount_pending'));
        // The reserve: what is left of an OVER payment's excess, never more than is left to refund of
        // the payment. The sandbox never settles, so its 30 days from the excess arriving are not modelled.
        if (payment.status === 'succeeded' && payment.labels.includes('OVER')) {
          const excess = least(excessLeft(payment), refundable(payment));
          if (excess > 0n) add('reserved', payment, excess);
        }
      }
      // Reserved is part of available: never more than the pair's available, never below zero.
      for (const [key, value] of sums.reserved) {
        const available = sums.available.get(key) ?? 0n;
        sums.reserved.set(key, least(value, available > 0n ? available : 0n));
      }
      const list = (which: keyof typeof sums) =>
        [...sums[which]]
          .filter(([, value]) => which !== 'reserved' || value > 0n)
          .map(([key, value]) => {
            const [asset, network] = key.split(' ');
            const amount = decimal(value > 0n ? value : 0n, decimals[asset]);
            return {asset, network, amount: {amount, currency: asset}};
          });
      return {
        status: 200,
        body: {
          object: 'balance',
          livemode: false,
          available: list('available'),
          reserved: list('reserved'),
          pending: list('pending'),
        },
      };
    },
    listEvents: (c) => page(events, c.request.query, ['type', 'delivery_status']),
    createWebhookEndpoint(c) {
      const {url, enabled_events, description = null} = c.request.requestBody;
      const endpoint = {
        id: newId('we'),
        object: 'webhook_endpoint',
        livemode: false,
        url,
        enabled_events,
        description,
        status: 'enabled',
        secret: `whsec_${randomBytes(32).toString('base64')}`,
        created_at: now(),
      };
      endpoints.push(endpoint);
      return {status: 201, body: endpoint};
    },
  };

  // Each operation's handler, wrapped in the API's idempotency: a replayed key answers as it first did.
  const operations: MockOperations = Object.fromEntries(
    Object.entries(handlers).map(([id, handle]) => [
      id,
      async (c: Context) => {
        const key = c.request.headers['idempotency-key'];
        if (c.request.method !== 'post' || !key) return handle(c);
        // Keys are kept per account and mode, not per secret key (a rolled key's retry replays):
        // the mock is one sandbox account, whichever cw_test_ key calls it.
        const scope = key;
        // The body is compared as parsed JSON: key order and white space do not matter.
        const fingerprint = `${c.request.path} ${canonicalJson(c.request.requestBody ?? null)}`;
        const previous = idempotency.get(scope);
        if (previous?.reply === 'running')
          return error(
            409,
            'idempotency_error',
            'idempotency_in_progress',
            'A request with this Idempotency-Key is still being processed. Retry in a second.',
          );
        if (previous && previous.fingerprint !== fingerprint) {
          return error(
            409,
            'idempotency_error',
            'idempotency_conflict',
            'This Idempotency-Key was used with different parameters in the last 24 hours.',
          );
        }
        if (previous) {
          const stored = structuredClone(previous.reply);
          return {...stored, headers: {...stored.headers, 'Idempotent-Replayed': 'true'}};
        }
        idempotency.set(scope, {fingerprint, reply: 'running'});
        const reply = await handle(c);
        // Stored: every 2xx and 4xx (404 included) but 429 (and 409 idempotency_in_progress,
        // 409 idempotency_conflict, answered above without storing, and 401, never reached here:
        // a request without a valid key goes to unauthorizedHandler).
        // Not stored: 429 and 5xx, so a retry with the same key runs again.
        if (reply.status < 500 && reply.status !== 429)
          idempotency.set(scope, {fingerprint, reply: structuredClone(reply)});
        else idempotency.delete(scope);
        return reply;
      },
    ]),
  );
  const {api, validateEvent} = await backend();

  // The sandbox's 25 requests per second per key, counted but never enforced: a test that needs a
  // 429 gets one from a fault proxy in front of the mock.
  const sandboxLimit = 25;
  const window = {second: 0, counts: new Map<string, number>()};
  const rateLimitHeaders = (key = '') => {
    const second = Math.floor(Date.now() / 1000);
    if (second !== window.second) Object.assign(window, {second, counts: new Map()});
    const used = (window.counts.get(key) ?? 0) + 1;
    window.counts.set(key, used);
    return {
      'RateLimit-Limit': String(sandboxLimit),
      'RateLimit-Remaining': String(Math.max(0, sandboxLimit - used)),
      'RateLimit-Reset': '1',
    };
  };

  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };

  const respond = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const raw = await read(req);
    let body: unknown = raw === '' ? undefined : raw;
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
    try {
      if (raw) body = JSON.parse(raw);
    } catch {
      /* left as a string: openapi-backend reports the parse error */
    }
    const where = `${req.method} ${url.pathname}${url.search}`;
    let reply: Reply & {violation?: string};
    if (raw && !/^application\/json\b/.test(headers['content-type'] ?? '')) {
      reply = {
        ...invalid('Send JSON bodies with Content-Type: application/json.'),
        violation: 'body sent without Content-Type: application/json',
      };
    } else {
      try {
        reply = await api.handleRequest(
          {
            method: req.method ?? 'GET',
            path: url.pathname,
            query: url.search.slice(1),
            headers,
            body: body as any,
          },
          operations,
        );
      } catch (e) {
        reply = {
          ...error(500, 'api_error', 'internal_error', `Mock failure: ${String(e)}`),
          violation: `mock threw: ${String(e)}`,
        };
      }
    }
    if (reply.violation) violations.push(`${where}: ${reply.violation}`);
    const operation = api.matchOperation({method: req.method ?? 'GET', path: url.pathname, headers});
    if (operation && !reply.violation) {
      const declared = Object.keys(operation.responses ?? {});
      const status = String(reply.status);
      if (!declared.some((code) => code === status || code === `${status[0]}XX`))
        violations.push(`${where}: mock answered ${status}, not declared`);
      // An error of the operation's own (not 401, 429 or 5XX, which every operation can answer) has a
      // code the operation lists: a reader handles what the reference says an operation returns.
      const errorCode: unknown = (reply.body as any)?.error?.code;
      const everyOperation = status === '401' || status === '429' || status.startsWith('5');
      const listed: string[] = (operation as any)['x-error-codes'] ?? [];
      if (typeof errorCode === 'string' && !everyOperation && !listed.includes(errorCode))
        violations.push(`${where}: mock answered ${status} ${errorCode}, which ${operation.operationId} does not list`);
      const check = api.validateResponse(reply.body, operation, reply.status);
      if (check.errors)
        violations.push(
          `${where}: mock response ${reply.status} does not match the description: ${JSON.stringify(check.errors)}`,
        );
    }
    const responseHeaders: Record<string, string> = Object.fromEntries(
      Object.entries({
        'content-type': 'application/json',
        ...rateLimitHeaders(headers.authorization),
        ...reply.headers,
      }).map(([name, value]) => [name.toLowerCase(), value]),
    );
    requests.push({
      method: req.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
      body,
      operationId: operation?.operationId ?? null,
      status: reply.status,
      response: reply.body,
      responseHeaders,
    });
    res.writeHead(reply.status, responseHeaders);
    res.end(JSON.stringify(reply.body));
  };
  const server = createServer((req, res) => void respond(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    violations,
    deliveries,
    chain: {
      async see(paymentId, amount) {
        const payment = payments.get(paymentId);
        if (!payment || !['requires_action', 'succeeded', ...ended].includes(payment.status))
          throw new Error(
            `mock.chain.see plays funds reaching a requires_action, succeeded or ended payment only, not ${paymentId}`,
          );
        seeTransaction(payment, units(amount, decimals[payment.asset]), 1);
        // Funds reaching a payment that requires action come after its quote: LATE (src/data/statuses.ts).
        if (payment.status === 'requires_action') {
          payment.labels = [...new Set([...payment.labels, 'LATE'])];
          payment.confirmations = 1;
        }
        await amountsChanged(payment);
      },
      async confirm(paymentId) {
        const payment = payments.get(paymentId);
        if (!payment) throw new Error(`mock.chain.confirm: no payment ${paymentId}`);
        confirmAll(payment);
        // Confirmed funds reopen an ended payment, LATE; unconfirmed ones left its status as it was.
        const reopens = ended.includes(payment.status);
        if (reopens) payment.labels = [...new Set([...payment.labels, 'LATE'])];
        followAmounts(payment);
        if (payment.status === 'succeeded') payment.fee = feeOf(payment);
        if (reopens) await setStatus(payment, 'requires_action');
        else await amountsChanged(payment);
      },
      async topUp(paymentId, amount) {
        const payment = payments.get(paymentId);
        if (payment?.status !== 'requires_action' || !payment.labels.includes('UNDER'))
          throw new Error(`mock.chain.topUp plays a top-up of a requires_action UNDER payment only, not ${paymentId}`);
        seeTransaction(payment, units(amount, decimals[payment.asset]), 1);
        await setStatus(payment, 'pending', {confirmations: 1});
      },
      async drop(paymentId, {quoteValid}) {
        const payment = payments.get(paymentId);
        if (payment && ['requires_action', 'succeeded'].includes(payment.status)) {
          // Its unconfirmed funds are gone; its status and confirmed funds stay.
          dropUnconfirmed(payment);
          payment.confirmations = payment.required_confirmations;
          await amountsChanged(payment);
          return;
        }
        if (payment?.status !== 'pending')
          throw new Error(
            `mock.chain.drop plays a reorg of a pending, requires_action or succeeded payment only, not ${paymentId}`,
          );
        await reorg(payment, quoteValid);
      },
    },
    backdate(paymentId, days) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`mock.backdate: no payment ${paymentId}`);
      payment.created_at = iso(new Date(Date.parse(payment.created_at) - days * 24 * 3600 * 1000));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
