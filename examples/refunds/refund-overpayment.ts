// Refund the excess of an overpaid payment (status succeeded, label OVER) to an
// address the customer gave you. The excess is amount_received - amount_due,
// worked out in the asset's smallest units, never with floating point.
// Usage: COINWHARF_SECRET_KEY=cw_test_... PAYMENT_ID=pay_... REFUND_ADDRESS=0x... npx tsx refund-overpayment.ts
import {randomUUID} from 'node:crypto';
import process from 'node:process';
import {refundAddressProblem} from './refund-address';

const apiBase = process.env.COINWHARF_API_BASE || 'https://api.coinwharf.com/v1';
const secretKey = process.env.COINWHARF_SECRET_KEY;
const paymentId = process.env.PAYMENT_ID;
const address = process.env.REFUND_ADDRESS?.trim();

const decimals: Record<string, number> = {BTC: 8, ETH: 18, SOL: 9, USDC: 6, USDT: 6};
const toUnits = (amount: string, places: number) => {
  const [whole, fraction = ''] = amount.split('.');
  return BigInt(whole + fraction.padEnd(places, '0'));
};
const fromUnits = (units: bigint, places: number) => {
  const digits = units.toString().padStart(places + 1, '0');
  const fraction = digits.slice(-places).replace(/0+$/, '');
  return digits.slice(0, -places) + (fraction ? `.${fraction}` : '');
};

interface Money {
  amount: string;
  currency: string;
}
interface Payment {
  status: string;
  labels: string[];
  asset: string;
  network: string;
  address: string;
  amount_due: Money;
  amount_received: Money;
}
interface ApiError {
  error: {code: string; message: string; request_id: string};
}

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${apiBase}${path}`, {
    ...init,
    headers: {Authorization: `Bearer ${secretKey}`, ...init.headers},
  });
  const body = (await response.json()) as T | ApiError;
  if (!response.ok) {
    const {code, message, request_id} = (body as ApiError).error;
    throw new Error(`${response.status} ${code}: ${message} (request ${request_id})`);
  }
  return body as T;
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
  const problem = refundAddressProblem(payment.network, address, payment.address);
  if (problem) throw new Error(problem);

  const places = decimals[payment.asset];
  const excess = toUnits(payment.amount_received.amount, places) - toUnits(payment.amount_due.amount, places);
  const refund = await call<unknown>('/refunds', {
    method: 'POST',
    headers: {'Content-Type': 'application/json', 'Idempotency-Key': randomUUID()},
    body: JSON.stringify({
      payment: paymentId,
      amount: {amount: fromUnits(excess, places), currency: payment.asset},
      address,
    }),
  });
  console.log(JSON.stringify(refund, null, 2));
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exitCode = 1;
});
