// Create a payment: a 25.00 USD order, paid in USDC on Base.
// Usage: COINWHARF_SECRET_KEY=cw_test_... npx tsx create-payment.ts
import {randomUUID} from 'node:crypto';
import process from 'node:process';

const apiBase = process.env.COINWHARF_API_BASE || 'https://api.coinwharf.com/v1';
const secretKey = process.env.COINWHARF_SECRET_KEY;

async function main() {
  if (!secretKey) throw new Error('Set COINWHARF_SECRET_KEY to your cw_test_ secret key');
  const response = await fetch(`${apiBase}/payments`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${secretKey}`,
      'Content-Type': 'application/json',
      // A fresh UUID v4 per payment. Send the same key again only to retry this request.
      'Idempotency-Key': randomUUID(),
    },
    body: JSON.stringify({
      price: {amount: '25.00', currency: 'USD'}, // a decimal string, never a number
      asset: 'USDC',
      network: 'base',
      reference: 'order_1042',
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
