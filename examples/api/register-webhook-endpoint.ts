// Register a webhook endpoint. The response holds its whsec_ signing secret,
// shown this once: store it as COINWHARF_WEBHOOK_SECRET. It subscribes to every
// payment and refund change you must act on.
// Usage: COINWHARF_SECRET_KEY=cw_test_... WEBHOOK_URL=https://... npx tsx register-webhook-endpoint.ts
import {randomUUID} from 'node:crypto';
import process from 'node:process';

const apiBase = process.env.COINWHARF_API_BASE || 'https://api.coinwharf.com/v1';
const secretKey = process.env.COINWHARF_SECRET_KEY;
const webhookUrl = process.env.WEBHOOK_URL;

async function main() {
  if (!secretKey) throw new Error('Set COINWHARF_SECRET_KEY to your cw_test_ secret key');
  if (!webhookUrl)
    throw new Error('Set WEBHOOK_URL to your receiver, such as https://example.ngrok.app/webhooks/coinwharf');
  const response = await fetch(`${apiBase}/webhook_endpoints`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${secretKey}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': randomUUID(),
    },
    body: JSON.stringify({
      url: webhookUrl,
      enabled_events: [
        'payment.pending',
        'payment.awaiting_payment',
        'payment.succeeded',
        'payment.requires_action',
        'payment.expired',
        'payment.canceled',
        'payment.failed',
        'refund.succeeded',
        'refund.failed',
      ],
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
