import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from 'vitest';
import {EventStore} from '../../../examples/webhooks/event-store';
import type {CoinwharfEvent} from '../../../examples/webhooks/webhook-event';

// The receivers' lines as the webhook guide and going live quote them, held to what
// webhook-event.ts prints (tests/samples/webhook-receivers.spec.ts holds every receiver,
// Flask included, to the same lines). Ids a page shortens to pay_… are shortened here too.

/** A page's text with every run of white space made one space, as a reader sees it. */
const prose = (file: string) => readFileSync(file, 'utf8').replace(/\s+/g, ' ');
const usdc = (amount: string) => ({amount, currency: 'USDC'});
const payment = {
  id: 'pay_7Hc2QnX9sKd4LmP1vRt8WzYb',
  object: 'payment',
  status: 'succeeded',
  reference: 'order_1042',
  network: 'base',
  labels: [] as string[],
  amount_due: usdc('25.00'),
  amount_received: usdc('25.00'),
  amount_pending: usdc('0.00'),
  amount_refunded: usdc('0.00'),
};
let events = 0;
/** What the receivers print for one event, with its id and the payments' ids shortened as the pages do. */
function line(store: EventStore, type: string, changes: object): string {
  const id = `evt_${(events += 1)}`;
  const printed = store.processOnce(id, {
    id,
    type,
    timestamp: '2025-01-01T10:00:00Z',
    data: {...payment, ...changes},
  } as CoinwharfEvent);
  return printed!.replace(/pay_\w+/g, 'pay_…');
}

test('the lines the webhook guide and going live quote are what the receivers print', () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'receiver-lines-'));
  try {
    const store = new EventStore(path.join(directory, 'webhooks.sqlite3'));
    const guide = prose('docs/payments/webhook-guide.mdx');
    const live = prose('docs/payments/going-live.mdx');
    const quoted = (page: string, fragment: string, printed: string) => {
      expect(page).toContain(`\`${fragment}\``);
      expect(printed).toContain(fragment);
    };

    quoted(
      guide,
      'needs your decision (UNDER): 20.00 of 25.00 USDC received; it waits until you accept it or refund it in full',
      line(store, 'payment.requires_action', {
        status: 'requires_action',
        labels: ['UNDER'],
        amount_received: usdc('20.00'),
      }),
    );
    quoted(
      guide,
      'still pending, 0.00 of 25.00 USDC received and 25.00 USDC confirming; fulfilled only on payment.succeeded',
      line(store, 'payment.updated', {status: 'pending', amount_received: usdc('0.00'), amount_pending: usdc('25.00')}),
    );
    quoted(
      guide,
      ', accepted 5.00 USDC short of the 25.00 USDC due',
      line(store, 'payment.succeeded', {
        id: 'pay_8Jd3RoY0tLe5MnQ2wSu9XaZc',
        labels: ['UNDER'],
        amount_received: usdc('20.00'),
      }),
    );
    quoted(
      guide,
      'still succeeded, not fulfilled again',
      line(store, 'payment.updated', {id: 'pay_8Jd3RoY0tLe5MnQ2wSu9XaZc'}),
    );
    // order_1042 is now paid by pay_8Jd3…; late funds reach the first payment.
    const late = line(store, 'payment.requires_action', {status: 'requires_action', labels: ['LATE']});
    quoted(
      guide,
      'must be refunded (LATE): 25.00 of 25.00 USDC received; order_1042 is already paid by pay_…: refund these funds in full, do not accept',
      late,
    );
    quoted(live, 'order_1042 is already paid by pay_…: refund these funds in full, do not accept', late);
    // pay_8Jd3… succeeded and fulfilled order_1042; an older payment.requires_action of it comes after.
    quoted(
      guide,
      'no longer needs a decision',
      line(store, 'payment.requires_action', {
        id: 'pay_8Jd3RoY0tLe5MnQ2wSu9XaZc',
        status: 'requires_action',
        labels: ['UNDER'],
        amount_received: usdc('20.00'),
      }),
    );
    quoted(
      guide,
      'refund this payment in full (25.00 USDC)',
      line(store, 'payment.succeeded', {id: 'pay_9Ke4SpZ1uMf6NoR3xTv0YbAd'}),
    );
    // 20.00 USDC refunded (declined), then 10.00 USDC late, accepted: short by what was kept.
    quoted(
      guide,
      '10.00 USDC on base (30.00 USDC received, 20.00 USDC of it refunded before you accepted it)',
      line(store, 'payment.succeeded', {
        reference: 'order_1043',
        labels: ['LATE', 'OVER'],
        amount_received: usdc('30.00'),
        amount_refunded: usdc('20.00'),
      }),
    );
  } finally {
    rmSync(directory, {recursive: true, force: true});
  }
});
