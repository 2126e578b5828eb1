// Test your verifier with the official Standard Webhooks vector, on a pinned clock.
//   npx tsx check-official-vector.ts
// The vector was signed in 2021, so on today's clock a correct check rejects it as
// stale. Pin the clock to the vector's timestamp instead of widening the tolerance.
// Its id is the spec's msg_…; Coinwharf's ids are evt_…, and the check never reads it.
import assert from 'node:assert/strict';
import {verifyWebhook, WebhookVerificationError} from './verify-by-hand';

const vector = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  body: '{"test": 2432232314}',
  headers: {
    'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
    'webhook-timestamp': '1614265330',
    'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
  },
};
const signedAt = Number(vector.headers['webhook-timestamp']);

// On the vector's own clock, the signature must verify.
assert.deepEqual(verifyWebhook(vector.body, vector.headers, vector.secret, signedAt), {test: 2432232314});
console.log('accepted on a clock pinned to 1614265330');

// One byte changed: rejected, clock pinned or not.
assert.throws(
  () => verifyWebhook(vector.body.replace('2432232314', '2432232315'), vector.headers, vector.secret, signedAt),
  WebhookVerificationError,
);
console.log('rejected with one byte of the body changed');

// On the real clock the same delivery is a replay, years late: it must fail.
assert.throws(() => verifyWebhook(vector.body, vector.headers, vector.secret), /more than 300 seconds/);
console.log('rejected as stale on the real clock');
