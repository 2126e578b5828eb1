import {afterEach, beforeEach, describe, expect, test, vi} from 'vitest';
import {verifyWebhook, WebhookVerificationError} from '../../../examples/webhooks/verify-standardwebhooks';
import {fulfil, type CoinwharfEvent} from '../../../examples/webhooks/webhook-event';
import {toleranceCases} from '../../support/webhook-tolerance';

// Two of the modules every Node receiver sample imports: the package-based
// verifier and fulfil() (event-store.test.ts holds the third). The receivers themselves run as servers in
// tests/samples/webhook-receivers.spec.ts.

const vector = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  body: '{"test": 2432232314}',
  headers: {
    'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
    'webhook-timestamp': '1614265330',
    'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
  },
};

describe('verify-standardwebhooks.ts', () => {
  afterEach(() => vi.useRealTimers());

  for (const {name, age, accepted} of toleranceCases) {
    test(`the official vector checked ${name} is ${accepted ? 'accepted' : 'refused'}`, () => {
      vi.useFakeTimers({now: (1614265330 + age) * 1000});
      const run = () => verifyWebhook(vector.body, vector.headers, vector.secret);
      if (accepted) expect(run()).toEqual({test: 2432232314});
      else expect(run).toThrow(WebhookVerificationError);
    });
  }

  test('takes the headers of a Fetch API Request, and refuses a changed body', () => {
    vi.useFakeTimers({now: 1614265330 * 1000});
    expect(verifyWebhook(Buffer.from(vector.body), new Headers(vector.headers), vector.secret)).toEqual({
      test: 2432232314,
    });
    expect(() => verifyWebhook('{"test": 2432232315}', new Headers(vector.headers), vector.secret)).toThrow(
      'No matching signature found',
    );
  });
});

const payment = {
  id: 'pay_7Hc2QnX9sKd4LmP1vRt8WzYb',
  object: 'payment',
  reference: 'order_1042',
  network: 'base',
  amount_received: {amount: '25.00', currency: 'USDC'},
};

describe('fulfil() of webhook-event.ts', () => {
  let printed: string[];
  beforeEach(() => {
    printed = [];
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')));
  });
  afterEach(() => vi.restoreAllMocks());

  test('a payment.succeeded fulfils the order: reference, amount received and network', async () => {
    await fulfil({id: 'evt_1', type: 'payment.succeeded', timestamp: '', data: payment} as CoinwharfEvent);
    expect(printed).toEqual(['evt_1 fulfilled pay_7Hc2QnX9sKd4LmP1vRt8WzYb for order_1042: 25.00 USDC on base']);
  });

  test.each([
    ['another payment event', 'payment.pending', payment],
    ['a refund event', 'refund.succeeded', {id: 'rf_1', object: 'refund'}],
    ['a payment.succeeded whose data is a refund', 'payment.succeeded', {id: 'rf_2', object: 'refund'}],
  ])('%s is logged and left alone', async (_name, type, data) => {
    await fulfil({id: 'evt_2', type, timestamp: '', data} as CoinwharfEvent);
    expect(printed).toEqual([`evt_2 ${type} for ${data.id}: nothing to do`]);
  });
});
