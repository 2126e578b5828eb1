import {describe, expect, test} from 'vitest';
import {isoSeconds} from '../../../src/lib/isoTime';
import {curlCommand, randomId, sampleEvent} from '../../../src/lib/testEvents';

// The bodies the signed test-event generator sends, field by field, for a
// fixed clock: what a reader's receiver gets from the tool.

const now = 1_760_000_000; // 2025-10-09T08:53:20Z
const payId = expect.stringMatching(/^pay_[A-HJ-NP-Za-km-z2-9]{24}$/);

describe('signed test events', () => {
  test('ISO times are written without milliseconds', () => {
    expect(isoSeconds(1614265330)).toBe('2021-02-25T15:02:10Z');
    expect(isoSeconds(now + 0.999)).toBe('2025-10-09T08:53:20Z');
  });

  test('a payment.succeeded body, whole', () => {
    const event = sampleEvent('payment.succeeded', 'evt_4Gd9KsW2mP7xRb1NqT6vLc3Y', now);
    const id = event.data.id;
    expect(event).toEqual({
      id: 'evt_4Gd9KsW2mP7xRb1NqT6vLc3Y',
      type: 'payment.succeeded',
      timestamp: '2025-10-09T08:53:20Z',
      data: {
        id: payId,
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
            seen_at: '2025-10-09T08:50:20Z',
          },
        ],
        address: '0x7D3a1f9C2b84E5F06A19c3D7e2b5a8f1C4d9e603',
        payment_uri:
          'ethereum:0x036CbD53842c5426634e7929541eC2318f3dCF7e@84532/transfer?address=0x7D3a1f9C2b84E5F06A19c3D7e2b5a8f1C4d9e603&uint256=25000000',
        hosted_url: `https://pay.coinwharf.com/${id}`,
        expires_at: '2025-10-09T09:04:20Z',
        confirmations: 30,
        required_confirmations: 30,
        labels: [],
        reference: null,
        metadata: {customer_id: 'cus_8812'},
        created_at: '2025-10-09T08:49:20Z',
        updated_at: '2025-10-09T08:53:20Z',
      },
    });
  });

  test.each([
    ['payment.created', 'awaiting_payment', '0.00', '0.00', 0, [], null],
    ['payment.pending', 'pending', '0.00', '25.00', 12, [], null],
    ['payment.awaiting_payment', 'awaiting_payment', '0.00', '0.00', 0, [], null],
    ['payment.requires_action', 'requires_action', '20.00', '0.00', 30, ['UNDER'], null],
    ['payment.expired', 'expired', '0.00', '0.00', 0, [], null],
    ['payment.canceled', 'canceled', '0.00', '0.00', 0, [], null],
    ['payment.failed', 'failed', '0.00', '0.00', 0, [], null],
    ['payment.updated', 'succeeded', '27.50', '0.00', 30, ['OVER'], '0.275'],
  ])(
    '%s: status %s, %s USDC received, %s pending, %i confirmations, labels %j, fee %s',
    (type, status, received, pending, confirmations, labels, fee) => {
      expect(sampleEvent(type, 'evt_1', now).data).toMatchObject({
        status,
        amount_received: {amount: received, currency: 'USDC'},
        amount_pending: {amount: pending, currency: 'USDC'},
        confirmations,
        labels,
        fee: fee === null ? null : {amount: fee, currency: 'USDC'},
      });
    },
  );

  test('a refund.failed body, whole', () => {
    const event = sampleEvent('refund.failed', 'evt_2', now);
    expect(event).toEqual({
      id: 'evt_2',
      type: 'refund.failed',
      timestamp: '2025-10-09T08:53:20Z',
      data: {
        id: expect.stringMatching(/^rf_[A-HJ-NP-Za-km-z2-9]{24}$/),
        object: 'refund',
        livemode: false,
        payment: payId,
        status: 'failed',
        amount: {amount: '25.00', currency: 'USDC'},
        reason: 'other',
        asset: 'USDC',
        network: 'base',
        address: '0x9F2B6C1e4A7D03b58e21c6A4f0D7B3E8a5c19D42',
        transaction_hash: null,
        network_fee: null,
        created_at: '2025-10-09T08:51:20Z',
        updated_at: '2025-10-09T08:53:20Z',
      },
    });
  });

  test('an unknown event type is refused by name', () => {
    expect(() => sampleEvent('payment.refunded', 'evt_3', now)).toThrow('Unknown event type payment.refunded');
  });

  test('ids are the prefix and 24 characters without look-alikes (no 0, O, 1, l, I), new each time', () => {
    const ids = Array.from({length: 50}, () => randomId('evt'));
    for (const id of ids) expect(id).toMatch(/^evt_[A-HJ-NP-Za-km-z2-9]{24}$/);
    expect(new Set(ids).size).toBe(50);
  });

  test('the curl command, line by line', () => {
    expect(
      curlCommand('http://127.0.0.1:4242/webhooks/coinwharf', {'webhook-id': 'evt_1', 'webhook-timestamp': '1'}, '{}'),
    ).toBe(
      [
        "curl --silent --show-error --request POST 'http://127.0.0.1:4242/webhooks/coinwharf' \\",
        "  --header 'webhook-id: evt_1' \\",
        "  --header 'webhook-timestamp: 1' \\",
        "  --data-raw '{}'",
      ].join('\n'),
    );
    expect(curlCommand("http://x/it's", {}, "it's")).toBe(
      "curl --silent --show-error --request POST 'http://x/it'\\''s' \\\n  --data-raw 'it'\\''s'",
    );
  });
});
