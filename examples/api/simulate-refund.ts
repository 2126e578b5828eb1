// Sandbox only: settle a pending refund. OUTCOME is succeed (the default) or fail.
// Usage: COINWHARF_SECRET_KEY=cw_test_... REFUND_ID=rf_... npx tsx simulate-refund.ts
import {randomUUID} from 'node:crypto';
import process from 'node:process';

const apiBase = process.env.COINWHARF_API_BASE || 'https://api.coinwharf.com/v1';
const secretKey = process.env.COINWHARF_SECRET_KEY;
const refundId = process.env.REFUND_ID;
const outcome = process.env.OUTCOME || 'succeed';

async function main() {
  if (!secretKey) throw new Error('Set COINWHARF_SECRET_KEY to your cw_test_ secret key');
  if (!refundId) throw new Error('Set REFUND_ID to the id of a pending sandbox refund (rf_...)');
  const response = await fetch(`${apiBase}/sandbox/refunds/${refundId}/simulate`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${secretKey}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': randomUUID(),
    },
    body: JSON.stringify({outcome}),
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
