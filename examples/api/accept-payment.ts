// Accept the funds of a payment that requires action (UNDER or LATE):
// it becomes succeeded and keeps its label. Fulfil the order for what arrived.
// Usage: COINWHARF_SECRET_KEY=cw_test_... PAYMENT_ID=pay_... npx tsx accept-payment.ts
import {randomUUID} from 'node:crypto';
import process from 'node:process';

const apiBase = process.env.COINWHARF_API_BASE || 'https://api.coinwharf.com/v1';
const secretKey = process.env.COINWHARF_SECRET_KEY;
const paymentId = process.env.PAYMENT_ID;

async function main() {
  if (!secretKey) throw new Error('Set COINWHARF_SECRET_KEY to your cw_test_ secret key');
  if (!paymentId) throw new Error('Set PAYMENT_ID to the id of a payment that requires action (pay_...)');
  const response = await fetch(`${apiBase}/payments/${paymentId}/accept`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${secretKey}`,
      'Idempotency-Key': randomUUID(),
    },
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
