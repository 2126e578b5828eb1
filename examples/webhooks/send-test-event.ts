// Sends your local receiver a payment.succeeded event, signed as Coinwharf signs it.
//   npm install standardwebhooks tsx
//   COINWHARF_WEBHOOK_SECRET=whsec_… npx tsx send-test-event.ts http://127.0.0.1:4242/webhooks/coinwharf
// Add --tamper to change one byte after signing: the receiver must answer 400.
// Set EVENT_ID=evt_… and run it twice: the second delivery must not be fulfilled again.
import {randomUUID} from 'node:crypto';
import {Webhook} from 'standardwebhooks';

async function main(): Promise<void> {
  const secret = process.env.COINWHARF_WEBHOOK_SECRET;
  if (!secret) throw new Error('Set COINWHARF_WEBHOOK_SECRET to the secret your receiver uses (whsec_…)');
  const url = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 'http://127.0.0.1:4242/webhooks/coinwharf';

  const now = new Date();
  const iso = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const paymentId = `pay_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
  const eventId = process.env.EVENT_ID ?? `evt_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
  const address = '0x7D3a1f9C2b84E5F06A19c3D7e2b5a8f1C4d9e603';
  const createdAt = new Date(now.getTime() - 4 * 60_000);

  const event = {
    id: eventId,
    type: 'payment.succeeded',
    timestamp: iso(now),
    data: {
      id: paymentId,
      object: 'payment',
      livemode: false,
      status: 'succeeded',
      price: {amount: '25.00', currency: 'USD'},
      asset: 'USDC',
      network: 'base',
      amount_due: {amount: '25.00', currency: 'USDC'},
      amount_received: {amount: '25.00', currency: 'USDC'},
      amount_pending: {amount: '0.00', currency: 'USDC'},
      amount_refunded: {amount: '0.00', currency: 'USDC'},
      fee: {amount: '0.25', currency: 'USDC'},
      asset_contract: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
      transactions: [
        {
          hash: '0x5c8e2f0a9d4b71c36e18a2f5d09b4c7e3a6f1d82b0c94e57a13d6f28e9b0c4a1',
          amount: {amount: '25.00', currency: 'USDC'},
          confirmations: 30,
          block_height: 18234410,
          seen_at: iso(new Date(now.getTime() - 60_000)),
        },
      ],
      address,
      payment_uri: `ethereum:0x036CbD53842c5426634e7929541eC2318f3dCF7e@84532/transfer?address=${address}&uint256=25000000`,
      hosted_url: `https://pay.coinwharf.com/${paymentId}`,
      expires_at: iso(new Date(createdAt.getTime() + 15 * 60_000)),
      confirmations: 30,
      required_confirmations: 30,
      labels: [],
      reference: null, // a test event pays for no order of yours: it is keyed by its payment id
      metadata: {customer_id: 'cus_8812'},
      created_at: iso(createdAt),
      updated_at: iso(now),
    },
  };

  // #region request
  const body = JSON.stringify(event);
  const signature = new Webhook(secret).sign(eventId, now, body);
  const sent = process.argv.includes('--tamper') ? body.replace('"25.00"', '"95.00"') : body;

  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': eventId,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': signature,
    },
    body: sent,
  });
  // #endregion
  console.log(`${eventId} → ${response.status} ${await response.text()}`);
  if (!response.ok) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
