// List your payments, newest first: the 10 most recent that succeeded.
// Usage: COINWHARF_SECRET_KEY=cw_test_... npx tsx list-payments.ts
// Set STARTING_AFTER to the last id of a page to get the next one.
import process from 'node:process';

const apiBase = process.env.COINWHARF_API_BASE || 'https://api.coinwharf.com/v1';
const secretKey = process.env.COINWHARF_SECRET_KEY;
const startingAfter = process.env.STARTING_AFTER;

async function main() {
  if (!secretKey) throw new Error('Set COINWHARF_SECRET_KEY to your cw_test_ secret key');
  const query = new URLSearchParams({status: 'succeeded', limit: '10'});
  if (startingAfter) query.set('starting_after', startingAfter);
  const response = await fetch(`${apiBase}/payments?${query}`, {
    headers: {Authorization: `Bearer ${secretKey}`},
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
