import {afterEach, describe, expect, test, vi} from 'vitest';
import {verifyWebhook, WebhookVerificationError} from '../../../examples/webhooks/verify-standardwebhooks';
import {toleranceCases} from '../../support/webhook-tolerance';

// One of the modules every Node receiver sample imports: the package-based
// verifier (event-store.test.ts holds the store and webhook-event.ts). The receivers themselves run as servers in
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
