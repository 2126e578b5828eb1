// List the events that did not reach your webhook endpoint (kept 30 days).
// Usage: COINWHARF_SECRET_KEY=cw_test_... npx tsx list-failed-events.ts
import process from 'node:process';

const apiBase = process.env.COINWHARF_API_BASE || 'https://api.coinwharf.com/v1';
const secretKey = process.env.COINWHARF_SECRET_KEY;

async function main() {
  if (!secretKey) throw new Error('Set COINWHARF_SECRET_KEY to your cw_test_ secret key');
  const query = new URLSearchParams({delivery_status: 'failed', limit: '100'});
  const response = await fetch(`${apiBase}/events?${query}`, {
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
