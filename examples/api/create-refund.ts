// Refund a payment: 25.00 USDC back to the customer's address on the payment's network.
// Usage: COINWHARF_SECRET_KEY=cw_test_... PAYMENT_ID=pay_... npx tsx create-refund.ts
import {randomUUID} from 'node:crypto';
import process from 'node:process';

const apiBase = process.env.COINWHARF_API_BASE || 'https://api.coinwharf.com/v1';
const secretKey = process.env.COINWHARF_SECRET_KEY;
const paymentId = process.env.PAYMENT_ID;

async function main() {
  if (!secretKey) throw new Error('Set COINWHARF_SECRET_KEY to your cw_test_ secret key');
  if (!paymentId) throw new Error('Set PAYMENT_ID to the id of the payment to refund (pay_...)');
  const response = await fetch(`${apiBase}/refunds`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${secretKey}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': randomUUID(),
    },
    // The amount is in the payment's asset; the address is one the customer gave you.
    body: JSON.stringify({
      payment: paymentId,
      amount: {amount: '25.00', currency: 'USDC'},
      address: '0x9F2b6c1E4a7D03B58e21c6A4f0D7b3E8a5C19d42',
    }),
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
