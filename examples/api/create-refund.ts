// Refund a payment to an address your customer gave you, on the payment's network.
// Without REFUND_AMOUNT, refunds everything still refundable; with it (and
// REFUND_CURRENCY, the payment's asset), refunds that part.
// Usage: COINWHARF_SECRET_KEY=cw_test_... PAYMENT_ID=pay_... REFUND_ADDRESS=0x... npx tsx create-refund.ts
import {randomUUID} from 'node:crypto';
import process from 'node:process';

const apiBase = process.env.COINWHARF_API_BASE || 'https://api.coinwharf.com/v1';
const secretKey = process.env.COINWHARF_SECRET_KEY;
const paymentId = process.env.PAYMENT_ID;
const address = process.env.REFUND_ADDRESS;
const amount = process.env.REFUND_AMOUNT;
const currency = process.env.REFUND_CURRENCY;

async function main() {
  if (!secretKey) throw new Error('Set COINWHARF_SECRET_KEY to your cw_test_ secret key');
  if (!paymentId) throw new Error('Set PAYMENT_ID to the id of the payment to refund (pay_...)');
  if (!address) throw new Error('Set REFUND_ADDRESS to the address your customer gave you for this refund');
  if (amount && !currency) throw new Error("Set REFUND_CURRENCY to the payment's asset, such as USDC");
  const response = await fetch(`${apiBase}/refunds`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${secretKey}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': randomUUID(),
    },
    // The amount is a decimal string in the payment's asset, never a number.
    body: JSON.stringify({payment: paymentId, address, ...(amount ? {amount: {amount, currency}} : {})}),
  });
  const body = await response.json();
  if (!response.ok) {
    const {code, message, request_id} = body.error;
    throw new Error(`${response.status} ${code}: ${message} (request ${request_id})`);
  }
  console.log(JSON.stringify(body, null, 2));
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exitCode = 1;
});
