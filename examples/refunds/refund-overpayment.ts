// Refund what is still owed of an overpaid payment (status succeeded, label OVER)
// to an address the customer gave you: the excess, amount_received - amount_due,
// less the excess refunded already and the funds declined (refunds with reason
// "overpayment" or "declined" that have not failed; refunds for other reasons,
// such as returned goods, do not count), and never more than the payment has left
// to refund, amount_received - amount_refunded: a large refund for returned goods
// may have sent part of it. Declined funds were refunded in full while the payment
// required action; late funds that reopened it, and that you accepted, are all you kept.
// Worked out in the asset's smallest units, never with floating point. Safe to
// run again: a re-run refunds only what is still owed, and never twice.
// Usage: COINWHARF_SECRET_KEY=cw_test_... PAYMENT_ID=pay_... REFUND_ADDRESS=0x... npx tsx refund-overpayment.ts
import {createHash} from 'node:crypto';
import process from 'node:process';
import {setTimeout as sleep} from 'node:timers/promises';
import {refundAddressProblem} from './refund-address';

const apiBase = process.env.COINWHARF_API_BASE || 'https://api.coinwharf.com/v1';
const secretKey = process.env.COINWHARF_SECRET_KEY;
const paymentId = process.env.PAYMENT_ID;
const address = process.env.REFUND_ADDRESS?.trim();
const attempts = 6;

const decimals: Record<string, number> = {BTC: 8, ETH: 18, SOL: 9, USDC: 6, USDT: 6};
const toUnits = (amount: string, places: number) => {
  const [whole, fraction = ''] = amount.split('.');
  return BigInt(whole + fraction.padEnd(places, '0'));
};
// As the API writes amounts: no trailing zeros past two decimals ("2.50", "0.00041234").
const fromUnits = (units: bigint, places: number) => {
  const digits = units.toString().padStart(places + 1, '0');
  const fraction = digits.slice(-places).replace(/0+$/, '').padEnd(Math.min(2, places), '0');
  return digits.slice(0, -places) + (fraction ? `.${fraction}` : '');
};

interface Money {
  amount: string;
  currency: string;
}
interface Payment {
  livemode: boolean;
  status: string;
  labels: string[];
  asset: string;
  network: string;
  address: string;
  amount_due: Money;
  amount_received: Money;
  amount_refunded: Money;
}
interface ApiError {
  error: {code: string; message: string; request_id: string};
}
interface RefundList {
  data: {id: string; status: string; reason: string; amount: Money}[];
  has_more: boolean;
}

// Sends the request again, Idempotency-Key included, when no answer came (none within 30 s, or no
// connection), or a 429, a 5xx or a 409 idempotency_in_progress did (the same refund still running,
// say from a run you stopped). Waits Retry-After when given, else 1, 2, 4, 8, then 16 s: at most 6
// attempts, and 31 s of waiting unless Retry-After asks for more.
async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const request = {...init, headers: {Authorization: `Bearer ${secretKey}`, ...init.headers}};
  // A malformed COINWHARF_API_BASE is not a missing answer: sending it again would not help.
  const url = `${apiBase}${path}`;
  if (!URL.canParse(url) || !['http:', 'https:'].includes(new URL(url).protocol)) {
    throw new Error(`Cannot send the request: ${url} is not an http(s) URL`);
  }
  // Nor is a header that fetch refuses, such as a secret key with a line break inside; its error
  // quotes the header, which holds the key: never print it.
  try {
    new Headers(request.headers);
  } catch {
    throw new Error(
      'Cannot send the request: a header is not valid; check COINWHARF_SECRET_KEY for spaces or line breaks',
    );
  }
  for (let attempt = 1; ; attempt += 1) {
    // The answer with its whole body: a body that stops coming (30 s in all) is no answer either.
    // No redirects (manual: a 3xx is the answer): following one would turn a POST into a GET.
    const answer = await fetch(url, {...request, redirect: 'manual', signal: AbortSignal.timeout(30_000)})
      .then(async (response) => ({response, text: await response.text()}))
      .catch((error: Error) => error);
    const running =
      !(answer instanceof Error) && answer.response.status === 409 && answer.text.includes('idempotency_in_progress');
    const transient =
      answer instanceof Error || answer.response.status === 429 || answer.response.status >= 500 || running;
    if (transient && attempt < attempts) {
      const retryAfter = answer instanceof Error ? 0 : Number(answer.response.headers.get('Retry-After'));
      const seconds = retryAfter || 2 ** (attempt - 1);
      const what = answer instanceof Error ? answer.message : answer.response.status;
      console.error(`${what}: retrying in ${seconds} s (attempt ${attempt + 1} of ${attempts})`);
      await sleep(seconds * 1000);
      continue;
    }
    if (answer instanceof Error) throw new Error(`No answer after ${attempts} attempts: ${answer.message}`);
    const {response, text} = answer;
    let body: T | ApiError;
    try {
      body = JSON.parse(text) as T | ApiError;
    } catch {
      // Not the API's JSON: a proxy's or load balancer's page, such as an HTML 502.
      const type = response.headers.get('Content-Type');
      throw new Error(`${response.status} ${response.statusText}: the answer is not JSON (${type})`);
    }
    if (!response.ok) {
      const error = (body as Partial<ApiError> | null)?.error;
      if (typeof error !== 'object' || error === null) {
        // JSON, but not the API's error (a proxy's, say): its status and its body, on one line.
        throw new Error(`${response.status} ${response.statusText}: ${JSON.stringify(body)}`);
      }
      const {code, message, request_id} = error;
      const refused = new Error(`${response.status} ${code}: ${message} (request ${request_id})`);
      // A 4xx stored under the Idempotency-Key by an earlier run, and replayed: it created nothing.
      const refusedEarlier = response.status < 500 && response.headers.get('Idempotent-Replayed') === 'true';
      throw Object.assign(refused, {refusedEarlier, requestId: request_id});
    }
    return body as T;
  }
}

async function main() {
  if (!secretKey) throw new Error('Set COINWHARF_SECRET_KEY to your cw_test_ secret key');
  if (!paymentId) throw new Error('Set PAYMENT_ID to the id of the overpaid payment (pay_...)');
  if (!address) throw new Error('Set REFUND_ADDRESS to the address your customer gave you for this refund');

  const payment = await call<Payment>(`/payments/${paymentId}`);
  if (payment.status !== 'succeeded' || !payment.labels.includes('OVER')) {
    throw new Error(
      `${paymentId} is ${payment.status} with labels [${payment.labels.join(', ')}]: it was not overpaid`,
    );
  }
  const problem = refundAddressProblem(payment.network, address, payment.livemode, payment.address);
  if (problem) throw new Error(problem);

  const places = decimals[payment.asset];
  const units = (money: Money) => toUnits(money.amount, places);

  // Every refund of the payment, following has_more: the excess refunded so far, the funds
  // declined while it required action, and the failed refunds (their ids join the
  // Idempotency-Key below).
  const failed: string[] = [];
  let excessRefunded = 0n;
  let declined = 0n;
  let after = '';
  do {
    const page = await call<RefundList>(
      `/refunds?payment=${paymentId}&limit=100${after && `&starting_after=${after}`}`,
    );
    for (const refund of page.data) {
      if (refund.status === 'failed') failed.push(refund.id);
      else if (refund.reason === 'overpayment') excessRefunded += units(refund.amount);
      else if (refund.reason === 'declined') declined += units(refund.amount);
    }
    after = page.has_more ? page.data[page.data.length - 1].id : '';
  } while (after);

  // Declined funds went back before you accepted the rest: they are not part of the excess.
  const kept = units(payment.amount_received) - declined;
  const excess = kept - units(payment.amount_due);
  const excessLeft = excess - excessRefunded;
  if (excess <= 0n) {
    console.log(
      `Nothing left to refund: ${fromUnits(declined, places)} ${payment.asset} was declined while the payment required action, and the ${fromUnits(kept, places)} ${payment.asset} you kept is not over the ${payment.amount_due.amount} ${payment.asset} due`,
    );
    return;
  }
  if (excessLeft <= 0n) {
    console.log(
      `Nothing left to refund: the excess, ${fromUnits(excessRefunded, places)} ${payment.asset}, is refunded already`,
    );
    return;
  }
  // What the payment has left to refund, whatever the reason: a refund above it would be refused.
  const refundable = units(payment.amount_received) - units(payment.amount_refunded);
  if (refundable <= 0n) {
    console.log(`Nothing left to refund: everything the payment received is refunded already`);
    return;
  }
  const owed = excessLeft < refundable ? excessLeft : refundable;
  if (owed < excessLeft) {
    console.error(
      `Only ${fromUnits(owed, places)} of the ${fromUnits(excessLeft, places)} ${payment.asset} excess is left to refund: other refunds sent the rest`,
    );
  }
  const amount = fromUnits(owed, places);

  // The key names this refund by what it is computed from: the payment, the amount, the
  // excess refunded before, the address. So a re-run replays it (or waits for it) instead
  // of refunding twice. A refund that failed no longer counts: its id joins the key, so
  // the re-run is a new refund, not a replay of the failed one's answer.
  const named = [paymentId, amount, fromUnits(excessRefunded, places), address, ...failed.sort()].join(' ');
  const idempotencyKey = `overpayment-${createHash('sha256').update(named).digest('hex')}`;

  // A refusal stored under the key (a 4xx, kept 24 h, such as 409 balance_insufficient)
  // created nothing, and would be replayed all day. So ask again under a next key derived
  // from the refused one and the refusal's request id: every run follows the same keys,
  // so a re-run still replays instead of refunding twice.
  for (let key = idempotencyKey; ;) {
    try {
      const refund = await call<unknown>('/refunds', {
        method: 'POST',
        headers: {'Content-Type': 'application/json', 'Idempotency-Key': key},
        body: JSON.stringify({
          payment: paymentId,
          reason: 'overpayment',
          amount: {amount, currency: payment.asset},
          address,
        }),
      });
      console.log(JSON.stringify(refund, null, 2));
      return;
    } catch (error) {
      const {refusedEarlier, requestId, message} = error as Error & {refusedEarlier?: boolean; requestId?: string};
      if (!refusedEarlier) throw error;
      console.error(`${message}: refused earlier, nothing refunded; asking again`);
      key = `overpayment-${createHash('sha256').update(`${key} ${requestId}`).digest('hex')}`;
    }
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exitCode = 1;
});
