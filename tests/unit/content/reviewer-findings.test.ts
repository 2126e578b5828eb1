import {readFileSync} from 'node:fs';
import {expect, test} from 'vitest';
import {parse} from 'yaml';
import {networks} from '../../../src/data/networks';
import {fundsArrivalTable, fundsArriving, paymentStatuses, statusTransitions} from '../../../src/data/statuses';
import {webhookEvents} from '../../../src/data/webhooks';

// What a fresh-eyes reviewer found the pages, the data and the API description
// saying differently, held to the lead's decisions word for word.

/** A text with every run of white space made one space, as a reader sees it. */
const words = (text: string) => text.replace(/\s+/g, ' ').trim();
const prose = (file: string) => words(readFileSync(file, 'utf8'));
/** The parts of api/openapi.yaml these tests read. */
interface Description {
  info: {description: string};
  paths: {
    '/payments/{id}/accept': {post: {description: string}};
    '/refunds': {post: {description: string}};
    '/balance': {get: {description: string}};
    '/webhook_endpoints': {post: {description: string}};
  };
  webhooks: {event: {post: {description: string; responses: Record<string, {description: string}>}}};
  components: {
    parameters: {IdempotencyKey: {description: string}};
    schemas: {
      EventType: {description: string};
      Balance: {properties: {reserved: {description: string}; pending: {description: string}}};
      RefundReason: {description: string};
      CreatePaymentRequest: {properties: {expires_in: {description: string}}};
      PaymentStatus: {description: string};
      PaymentLabel: {description: string};
      Error: {
        properties: {error: {properties: {code: {'x-error-codes': Record<string, {cause: string; fix: string}>}}}};
      };
    };
  };
}
const api = () => parse(readFileSync('api/openapi.yaml', 'utf8')) as Description;

test('a webhook is answered only after its event and its work are recorded durably, never with the work done afterwards', () => {
  const receive = api().webhooks.event.post;
  const description = words(receive.description);
  expect(description).not.toContain('do the work afterwards');
  expect(description).toContain(
    'Verify the delivery, then record the event and the fulfilment it calls for durably, in one transaction (as the webhook guide shows), before you answer any 2xx within 15 s. Anything left for after the answer, such as emails or shipping, must be queued durably first, in that transaction: after a 2xx Coinwharf does not send the event again, so work that only runs after the answer is lost if your server stops.',
  );
  expect(receive.responses['2XX'].description).toBe(
    'Received. Any 2xx within 15 s acknowledges the delivery, and Coinwharf does not send the event again, so record the event and queue its work durably before you answer.',
  );
});

test('the webhook guide checks every day that each succeeded payment has a fulfilled order', () => {
  const guide = prose('docs/payments/webhook-guide.mdx');
  expect(guide).toContain(
    "### Check fulfilment every day Failed events are only the deliveries Coinwharf knows went wrong. An event your endpoint answered with a `2xx` and then lost, or one older than the 30 days events are kept, is in no list. So once a day, check that every `succeeded` payment since yesterday's check has a fulfilled order. The [list payments example](/api/payments#list-payments-example-request) lists the `succeeded` payments to the last page when `STATUS` is not set: `npx tsx list-payments.ts`, `python3 list_payments.py` or `bash list-payments.sh`.",
  );
  // What the page says the samples do when STATUS is unset is what they do.
  expect(readFileSync('examples/api/list-payments.sh', 'utf8')).toContain('status_wanted="${STATUS:-succeeded}"');
});

test('the fees page says an overpayment refund is covered by the reserve only as far as the available balance allows, as the API does', () => {
  const fees = prose('docs/payments/fees-and-settlement.mdx');
  expect(fees).not.toContain('always covered');
  expect(fees).not.toContain('always refund it');
  expect(fees).toContain(
    "The refund of an excess (`reason: overpayment`) within 30 days of its arrival is covered by the reserve that settlement keeps back, but only as far as the available balance allows: `reserved` is never more than `available`, and is zero when `available` is zero or less, for example after refunds' network fees used it up.",
  );
  expect(fees).toContain(
    'fails at once with `409` and the code `balance_insufficient`, and no refund is created: handle that error on every refund, an overpayment refund included.',
  );
});

test('reserved is what is left of the excesses, never more than available and zero when available is zero or negative', () => {
  const reserved = api().components.schemas.Balance.properties.reserved.description;
  expect(reserved).not.toContain('never negative and never more');
  expect(reserved).toContain(
    "Part of `available`, not in addition to it: what is left of those excesses, but never more than the pair's `available`, so zero when `available` is zero or negative.",
  );
  expect(prose('docs/payments/fees-and-settlement.mdx')).toContain(
    'It is part of `available`, not on top of it: never more than it, and zero when `available` is zero or less.',
  );
});

test('funds of another token, or recovered from the wrong network, go to an address the customer gives, never to the sending address nor the payment', () => {
  const overview = prose('docs/payments/index.mdx');
  expect(overview).not.toContain('returns them to the address they were sent from');
  expect(overview).toContain(
    "write to [support@coinwharf.com](mailto:support@coinwharf.com) with the payment's id, that network, the transaction hash and an address the customer gives you on that network, collected as for a [refund](./refunds.mdx#collect-the-customers-address). Support returns the funds there, never to the address they were sent from, and never credits them to the payment or to your balance, so never fulfil the order from them.",
  );
  expect(overview).toContain(
    'Support never sends them to the address they were sent from, which may belong to an exchange, and never credits them to the payment or to your balance, so never fulfil the order from them.',
  );
  expect(prose('docs/payments/webhook-guide.mdx')).toContain(
    'returns them to an address the customer gives you on that network, never to the sending address',
  );
});

test('after a reorg, the overview tells the customer what the event catalogue does, word for word', () => {
  const when = webhookEvents.find((e) => e.type === 'payment.awaiting_payment')?.when ?? '';
  const advice = when.slice(when.indexOf('Tell the customer'));
  expect(advice).toMatch(/^Tell the customer .+ a dropped transaction is usually mined in a later block\.$/);
  expect(prose('docs/payments/index.mdx')).toContain(
    `and Coinwharf sends \`payment.awaiting_payment\`: ${advice[0].toLowerCase()}${advice.slice(1, -1)}. Once the quote`,
  );
});

test('a reorg of funds still confirming on a payment that requires action or succeeded changes neither its status nor amount_received', () => {
  expect(prose('docs/payments/index.mdx')).toContain(
    'A reorg can also drop funds still confirming on a payment that is `requires_action` or `succeeded`, such as late funds. They leave `amount_pending` and `transactions`; the status and `amount_received` do not change, and Coinwharf sends `payment.updated`. Once `amount_pending` is zero, you can accept or refund a payment that requires action again.',
  );
  expect(words(api().components.schemas.PaymentStatus.description)).toContain(
    'A reorg that drops unconfirmed funds of a `requires_action` or `succeeded` payment takes them out of `amount_pending` and `transactions` and sends `payment.updated`; the status and `amount_received` do not change.',
  );
});

test('no LATE payment can be pending, so the overview does not say a reorg keeps LATE', () => {
  // The only way back to pending is an UNDER top-up while the quote is valid; LATE means the quote had ended.
  expect(statusTransitions.filter((t) => t.to === 'pending' && t.from !== 'awaiting_payment')).toEqual([
    {
      from: 'requires_action',
      to: 'pending',
      when: 'the customer tops up an UNDER payment while the quote is valid',
      short: 'top-up',
    },
  ]);
  for (const file of ['docs/payments/index.mdx', 'changelog/2026-11-25-money-never-reaches-a-dead-end.md']) {
    expect(prose(file), file).not.toMatch(/LATE` stays `LATE|`LATE` stays\)|LATE kept/);
  }
  expect(statusTransitions.map((t) => t.when).join(' ')).not.toContain('LATE kept');
});

test('labels follow the amounts, and an overpayment refund needs the OVER label whatever the status', () => {
  const description = api();
  expect(description.components.schemas.PaymentLabel.description).toContain(
    '`UNDER` and `OVER` follow the confirmed amounts: when later funds lift a payment to `amount_due`, `UNDER` goes, and once `amount_received` is more, `OVER` is added, whatever the status.',
  );
  const codes = description.components.schemas.Error.properties.error.properties.code['x-error-codes'];
  expect(codes.refund_exceeds_excess.cause).toMatch(/, or the payment has no `OVER` label\.$/);
  expect(prose('docs/payments/index.mdx')).toContain(
    'The `UNDER` and `OVER` labels follow the confirmed amounts, whatever the status: when later funds lift a payment to `amount_due`, `UNDER` goes, and once `amount_received` is more than `amount_due`, `OVER` is added;',
  );
});

test('the welcome page lists 409 idempotency_in_progress with the answers an idempotency key does not keep, as the API does', () => {
  expect(prose('docs/intro.mdx')).toContain(
    '`401`, `429` and `5xx` answers are not kept, so their retry runs again (a `401` never reached an account), nor is `409 idempotency_in_progress`, whose retry, once the first request has finished, gets its stored answer, or runs again if that was not stored',
  );
  expect(words(api().info.description)).toContain(
    'every `4XX` response except `401`, `409 idempotency_in_progress`, `409 idempotency_conflict` and `429`',
  );
  expect(words(api().info.description)).toContain(
    "The same key with different parameters gets `409 idempotency_conflict`, which is not stored either: the key keeps the first request's response.",
  );
  expect(prose('docs/intro.mdx')).toContain(
    "`idempotency_conflict`, which is not kept either: the key keeps the first request's response.",
  );
  expect(prose('docs/payments/going-live.mdx')).toContain(
    'every `4xx` except `401`, `409 idempotency_in_progress`, `409 idempotency_conflict` and `429`',
  );
});

test('the refunds guide says the refund simulator has no default outcome, and what the sample sends', () => {
  const refunds = prose('docs/payments/refunds.mdx');
  expect(refunds).not.toContain('`succeed`, the default');
  expect(refunds).toContain(
    'naming the `outcome`, which the API requires and does not default: `succeed` sends `refund.succeeded`; `fail` sends `refund.failed`. The sample sends `succeed` unless you set `OUTCOME=fail`.',
  );
});

test('the fees page says where an UNDER payment’s confirmed funds are while its top-up confirms', () => {
  expect(readFileSync('docs/payments/fees-and-settlement.mdx', 'utf8')).toContain(
    '| Confirmed, the payment is `pending` again while the top-up of an `UNDER` payment confirms | `amount_received` (the top-up in `amount_pending`) | `pending`, both: not yours until the payment succeeds, or until you accept the funds if it requires action again |',
  );
});

test('within a version, only a change that stops money being stranded or lost may change behaviour, and the changelog marks it Breaking with what to change', () => {
  expect(words(api().info.description)).toContain(
    'with one exception: a change that stops money being stranded or lost may change behaviour within a version. The changelog marks such a change **Breaking** and says what to change in your client.',
  );
  const entry = prose('changelog/2026-11-25-money-never-reaches-a-dead-end.md');
  expect(entry).toContain('**Breaking**: some of these changes change behaviour within `/v1`.');
  expect(entry).toContain(
    '**What to change. Breaking**: a `/v1` client written before this change must do the following.',
  );
  expect(entry).toContain('1. Read `amount_pending` as well as `amount_received`');
  expect(entry).toContain(
    '2. Handle `409 payment_invalid_state` on `POST /v1/payments/{id}/accept`, and on `POST /v1/refunds` for a payment that requires action, while funds confirm',
  );
});

test('prose that names the canceled status writes it as code, not as the verb', () => {
  expect(paymentStatuses.find((s) => s.status === 'canceled')?.yourMove).toBe(
    'Nothing: the customer can no longer pay it. If a refund made it `canceled`, watch for refund.failed.',
  );
  expect(webhookEvents.find((e) => e.type === 'refund.failed')?.when).toContain(
    '(a payment the refund made `canceled` requires action again)',
  );
  for (const file of [
    'docs/payments/index.mdx',
    'docs/payments/refunds.mdx',
    'src/data/statuses.ts',
    'src/data/webhooks.ts',
  ])
    expect(prose(file), file).not.toMatch(/refund cancelled/);
});

test('after 409 idempotency_conflict, the welcome page and the API first check whether the first request took effect, as going live does', () => {
  expect(prose('docs/payments/going-live.mdx')).toContain(
    'Before you send the request again under a new key, check whether the first one took effect (fetch the payment, or list its refunds): a retry that rebuilt its body, such as a refund amount worked out again, would otherwise run twice.',
  );
  const intro = prose('docs/intro.mdx');
  expect(intro).not.toContain('send this request with a new key, and find');
  expect(intro).toContain(
    'for `idempotency_conflict`, the key was already used with other parameters: first check whether the first request took effect (fetch the payment, or list its refunds), since a retry that rebuilt its body, such as a refund amount worked out again, would otherwise run twice; only then send it under a new key, and find where your code reuses keys;',
  );
  const codes = api().components.schemas.Error.properties.error.properties.code['x-error-codes'];
  expect(codes.idempotency_conflict.fix).toBe(
    'First check whether the first request took effect (fetch the payment, or list its refunds; for a create, list payments with your `reference` and a `created[gte]` time; for a webhook endpoint, look in the dashboard): a retry that rebuilt its body, such as a refund amount worked out again, would otherwise run twice. Only then send the request under a new key, and find where your code reuses keys: reuse a key only to retry the very same request.',
  );
});

test('a Bitcoin payment asks for a one-hour quote, since a short payment is flagged UNDER only after three confirmations', () => {
  const bitcoin = networks.find((n) => n.network === 'bitcoin');
  expect([bitcoin?.requiredConfirmations, bitcoin?.typicalTime]).toEqual([3, '~30 min']);
  expect(prose('docs/payments/index.mdx')).toContain(
    'A short payment is flagged `UNDER` only once it has its required confirmations. On Bitcoin that takes three confirmations, about 30 minutes, so with the default 15-minute quote the flag comes after the quote has ended and any top-up arrives late. On slow networks such as Bitcoin, ask for `expires_in: 3600` when you create the payment, so that a short payment paid within its first half hour or so is flagged while its quote is still valid. The longer window holds the rate for longer, a risk of the price moving that is yours to weigh. A top-up that arrives after `expires_at` adds `LATE`, and the payment then needs your accept or refund.',
  );
  expect(words(api().components.schemas.CreatePaymentRequest.properties.expires_in.description)).toBe(
    'Seconds the quote stays locked. On slow networks such as Bitcoin, ask for `3600`: a short payment is flagged `UNDER` only once confirmed (Bitcoin: 3 confirmations, about 30 minutes), which with the default 900 comes after the quote has ended, and a top-up after `expires_at` adds `LATE`, which needs your accept or refund.',
  );
});

test('late funds reopen an ended payment only once confirmed, and accept answers 409 when nothing was received', () => {
  const rule =
    'Until then they show in `amount_pending` and `transactions`, the status stays, and Coinwharf sends `payment.updated`.';
  const overview = prose('docs/payments/index.mdx');
  expect(overview).not.toContain(
    'Funds that reach an `expired`, `canceled` or `failed` payment reopen it as `requires_action` with the `LATE` label, so',
  );
  expect(overview).toContain(
    `Funds that reach an \`expired\`, \`canceled\` or \`failed\` payment reopen it as \`requires_action\` with the \`LATE\` label once they are confirmed, so that you can accept them or refund them. ${rule}`,
  );
  expect(overview).toContain(
    'Funds that reach the address of any of the three show in `amount_pending` and `transactions` while they confirm, and the status stays. Once they are confirmed, the payment moves to `requires_action` with the `LATE` label, because the locked rate no longer holds.',
  );
  expect(overview).toContain(
    'Accepting answers `409 payment_invalid_state` while `amount_pending` is not zero, or when `amount_received` is zero: there is nothing confirmed to accept.',
  );
  expect(prose('docs/payments/going-live.mdx')).toContain(
    'Funds that reach an `expired`, `canceled` or `failed` payment move it to `requires_action` with the `LATE` label once they are confirmed, and send `payment.requires_action`; until then they show in `amount_pending` and `transactions`, and the status stays.',
  );
  const description = api();
  expect(words(description.components.schemas.PaymentStatus.description)).toContain(
    'Funds reaching an `expired`, `canceled` or `failed` payment show in `amount_pending` and `transactions` while they confirm, its status stays and Coinwharf sends `payment.updated`; once they are confirmed, they reopen it as `requires_action` with `LATE`.',
  );
  expect(words(description.paths['/payments/{id}/accept'].post.description)).toContain(
    'Only while the payment is `requires_action`, nothing is waiting for confirmations (`amount_pending` is zero) and something was confirmed (`amount_received` is above zero); otherwise `409 payment_invalid_state`.',
  );
  const codes = description.components.schemas.Error.properties.error.properties.code['x-error-codes'];
  expect(codes.payment_invalid_state.cause).toContain(
    'or accepting a payment with nothing confirmed (`amount_received` is zero)',
  );
  for (const row of fundsArriving.filter((f) => ['expired', 'canceled', 'failed'].includes(f.status)))
    expect(row.what, row.status).toBe(
      'Once confirmed: reopened, accept the funds or refund them. Until then they are in `amount_pending` and `transactions`, the status stays and Coinwharf sends `payment.updated`.',
    );
  for (const status of paymentStatuses.filter((s) => ['expired', 'canceled', 'failed'].includes(s.status)))
    expect(status.meaning, status.status).toContain(
      'Funds that still arrive reopen it as requires_action with the LATE label once they are confirmed.',
    );
});

test('the Idempotency-Key parameter lists 409 idempotency_in_progress with the answers not stored, as the API overview does', () => {
  const key = words(api().components.parameters.IdempotencyKey.description);
  expect(key).toContain(
    '`401`, `429` and `5XX` responses are not stored: a retry runs again. Nor is `409 idempotency_in_progress`, the answer while the first request with the key is still running: once that request has finished, a retry gets its stored response, or runs again if that response was not stored.',
  );
});

test('payment.<status> is sent when a payment enters that status after it is created; creating it sends payment.created', () => {
  const types = words(api().components.schemas.EventType.description);
  expect(types).not.toContain('sent whenever a payment enters that status. ');
  expect(types).toContain(
    '`payment.<status>` is sent whenever a payment enters that status after it is created: creating a payment sends `payment.created`, not `payment.awaiting_payment`.',
  );
});

test('the catalogue row of payment.updated names the reorg that drops funds still confirming, and late funds still confirming at an ended payment', () => {
  const when = webhookEvents.find((e) => e.type === 'payment.updated')?.when ?? '';
  expect(when).toContain(
    'funds reached an expired, canceled or failed payment and are still confirming (its status stays until they are confirmed), a reorg dropped funds still confirming on a payment that requires action or a succeeded one (they leave amount_pending and transactions; the status and amount_received do not change),',
  );
});

test('an overpayment refund of a payment that requires action comes after accepting it; the full refund there is declined', () => {
  const description = api();
  const reason = words(description.components.schemas.RefundReason.description);
  expect(reason).not.toContain('whatever its status (one that requires action is still refunded only in full)');
  expect(reason).toContain('On a payment that requires action, accept it first, then refund the excess.');
  expect(reason).toContain(
    '`declined`: the full refund of a payment that requires action, the funds you decline instead of accepting; on a `requires_action` payment it is the default and the only reason allowed, and on any other status it is refused.',
  );
  const create = words(description.paths['/refunds'].post.description);
  expect(create).not.toContain('a payment that requires action is still refunded only in full');
  expect(create).not.toContain('a full refund there uses another reason');
  expect(create).toContain(
    "Say why you refund with `reason`, which must fit the payment's status (`400 refund_reason_invalid` otherwise):",
  );
  expect(create).toContain('On a payment that requires action, accept it first, then refund the excess.');
});

test('funds declined while a payment required action are no excess and pay no fee, in the API, the fees page and the refunds guide', () => {
  const description = api();
  const excess =
    'less its refunds with `reason: overpayment` or `declined` that have not failed, else `400 refund_exceeds_excess`';
  expect(words(description.paths['/refunds'].post.description)).toContain(excess);
  const codes = description.components.schemas.Error.properties.error.properties.code['x-error-codes'];
  expect(codes.refund_exceeds_excess.cause).toContain(
    'less earlier refunds with `reason: overpayment` or `declined` that have not failed',
  );
  expect(Object.keys(codes)).toContain('refund_reason_invalid');
  expect(words(description.paths['/payments/{id}/accept'].post.description)).toContain(
    'less any funds you declined earlier',
  );
  expect(prose('docs/payments/fees-and-settlement.mdx')).toContain(
    'the fee is then 1 % of `amount_received` less the declined refunds that have not failed.',
  );
  expect(prose('docs/payments/refunds.mdx')).toContain(
    'the excess is `amount_received` less `amount_due`, less the refunds with `reason: overpayment` or `reason: declined` that have not failed,',
  );
});

test('the reserve is capped by what is left to refund of each payment in the API as on the fees page', () => {
  const cap = 'never more than what is left to refund of the payment (`amount_received` less `amount_refunded`)';
  expect(prose('docs/payments/fees-and-settlement.mdx')).toContain(cap);
  const description = api();
  expect(words(description.info.description)).toContain(
    `the excess of every \`OVER\` payment (\`amount_received\` less \`amount_due\`), less its refunds with \`reason: overpayment\` or \`declined\` that have not failed, and ${cap},`,
  );
  expect(words(description.components.schemas.Balance.properties.reserved.description)).toContain(
    `for the excess of \`OVER\` payments not yet refunded, each ${cap},`,
  );
  expect(words(description.paths['/balance'].get.description)).toContain(
    `kept back for the excess of \`OVER\` payments not yet refunded, each ${cap},`,
  );
});

test('the balance page says what pending holds as the balance object does, top-ups included', () => {
  const description = api();
  const pending = description.components.schemas.Balance.properties.pending.description;
  expect(pending).toContain('or an `UNDER` payment that is `pending` again while its top-up confirms.');
  expect(words(description.paths['/balance'].get.description)).toContain(
    `\`pending\` is ${pending[0].toLowerCase()}${pending.slice(1)}`,
  );
});

test('funds sent on an EVM network Coinwharf does not support may be recovered at support’s discretion, and wrong-token recovery is pointed to from going live and the webhook guide', () => {
  const unsupported =
    "**An EVM network Coinwharf does not support** (Arbitrum, Optimism, BNB Chain and others): the payment's address is the same key there, so support may recover the funds at its discretion, with no guarantee and no time limit promised. Write to [support@coinwharf.com](mailto:support@coinwharf.com) with the transaction hash.";
  expect(prose('docs/payments/index.mdx')).toContain(unsupported);
  const live = prose('docs/payments/going-live.mdx');
  expect(live).toContain(unsupported);
  expect(live).toContain(
    '- Your support team knows that another token sent on the right network is not lost: support returns it to an address the customer gives, as [wrong token](./index.mdx#wrong-token) says.',
  );
  expect(prose('docs/payments/webhook-guide.mdx')).toContain(
    'Another token sent on the right network, such as USDT to a USDC payment, is not counted either; support returns it, as [wrong token](./index.mdx#wrong-token) says.',
  );
});

test('the glossary counts the block that includes a transaction as its first confirmation', () => {
  const glossary = prose('src/pages/markdown-page.md');
  expect(glossary).not.toContain('A block built on top of the block holding a transaction.');
  expect(glossary).toContain(
    '## Confirmation The block that includes a transaction is its first confirmation; each block after it adds one.',
  );
});

test('every path that fulfils an old payment.succeeded checks the order and the payment now: replay, resend, retry and the daily check', () => {
  const guide = prose('docs/payments/webhook-guide.mdx');
  expect(guide).toContain('Four rules keep a recovery from doing harm:');
  expect(guide).not.toContain('as the [security checklist](#security-checklist) says to do before a refund');
  expect(guide).toContain(
    '- **Check the order and the payment now.** A `payment.succeeded` you process from this list or resend from the dashboard may be days old, and so may one that Coinwharf retries or that the [daily check](#check-fulfilment-every-day) finds: the order may have been refunded since.',
  );
  expect(guide).toContain(
    'On every path (your receiver, a replay, a resend and the daily check), fulfil only through the guard that skips an order you cancelled before refunding it',
  );
  // The receivers keep no orders: the fetch is asked of the paths a reader runs, and the guide says so.
  expect(guide).toContain('On the paths you run yourself (a replay and the daily check), also fetch the payment first');
  expect(guide).not.toContain('late funds can make a payment succeed');
  expect(guide).toContain(
    'skip a payment refunded in full (`amount_refunded` equal to `amount_received`), and never fulfil an order you cancelled in your store. A `succeeded` payment not refunded in full whose order you cancelled, whose order another payment paid, or whose `reference` names no order, is owed back: refund what is left (`amount_received` less `amount_refunded`)',
  );
  expect(guide).toContain(
    'Before you refund an order whose payment you have not fulfilled, cancel the order in your store, with `UPDATE orders SET canceled_at = now() WHERE reference = $1 AND paid_by IS NULL AND canceled_at IS NULL`',
  );
  const live = prose('docs/payments/going-live.mdx');
  expect(live).toContain('Check the order and the payment now before you fulfil one, as you do in the daily check');
  expect(live).toContain(
    '- Before you refund an order you have not fulfilled, you cancel it in your store, and your receiver and your daily check never fulfil a cancelled order.',
  );
  expect(prose('docs/payments/refunds.mdx')).toContain(
    'In live mode, if you refund an order you have not fulfilled yet, cancel the order in your store first',
  );
});

test('the daily fulfilment check looks back 31 days, the 30 days an ended payment is watched and one more, and the sample it points to stops there', () => {
  const guide = prose('docs/payments/webhook-guide.mdx');
  expect(guide).not.toContain('2 hours before your last check');
  expect(guide).toContain(
    'So look back 31 days every day, not only since your last check: with `STATUS` not set, the samples list only the `succeeded` payments created in the last 31 days (`created[gte]`), and your store skips the orders already fulfilled.',
  );
  // A payment you accept succeeds then, however old: outside the window, you know which you accepted.
  expect(guide).toContain(
    'A payment that requires action succeeds when you accept it, however old it is, and the list misses one created over 31 days ago: so record each payment you accept (its id and when), and fetch those you accepted since your last check with [`GET /v1/payments/{id}`](/api/payments#get-payment) too.',
  );
  expect(prose('docs/payments/going-live.mdx')).toContain(
    'with `status=succeeded` and `created[gte]` 31 days back lists them',
  );
  // The samples' comments, shown in the API reference, give the same reasons: late funds never make a
  // payment succeed on their own; accepting does, however old the payment.
  for (const file of [
    'examples/api/list-payments.ts',
    'examples/api/list_payments.py',
    'examples/api/list-payments.sh',
  ]) {
    const comment = words(readFileSync(file, 'utf8').replace(/^(#|\/\/) ?/gm, ''));
    expect(comment, file).not.toContain('late funds can make a payment succeed');
    expect(comment, file).toContain(
      'back 31 days only (created[gte]): a transaction seen in time can take days to confirm, and the payment succeeds when it confirms, within the 30 days Coinwharf watches the address. Late funds only reopen a payment (requires_action); it succeeds when you accept it, however old it is, and this list misses one created over 31 days ago: record each payment you accept (its id and when), and have the daily check fetch those since the last check too.',
    );
  }
  expect(readFileSync('examples/api/list-payments.ts', 'utf8')).toContain("query.set('created[gte]', createdSince)");
  expect(readFileSync('examples/api/list_payments.py', 'utf8')).toContain('params["created[gte]"] = CREATED_SINCE');
  expect(readFileSync('examples/api/list-payments.sh', 'utf8')).toContain(
    '${created_since:+--data-urlencode "created[gte]=$created_since"}',
  );
});

test('a payment you accept is fulfilled by the receiver on the payment.succeeded the accept sends, after checking the order and cancelling a newer open payment', () => {
  expect(prose('docs/payments/webhook-guide.mdx')).not.toContain('accept flow');
  for (const file of [
    'examples/api/accept-payment.ts',
    'examples/api/accept-payment.sh',
    'examples/api/accept_payment.py',
  ]) {
    const sample = words(readFileSync(file, 'utf8').replace(/^(#|\/\/) ?/gm, ''));
    expect(sample, file).not.toContain('Fulfil the order for what arrived');
    expect(sample, file).toContain(
      'sends payment.succeeded, on which your receiver fulfils the order once, as for any payment. First check that the order is not already paid nor cancelled (if it is, refund these funds in full instead), and for late funds cancel the order',
    );
  }
  expect(words(api().paths['/payments/{id}/accept'].post.description)).toContain(
    "Your receiver fulfils the order on it, through the same once-per-order guard as for any payment. Before you accept, check that the order is not already paid nor cancelled (refund the funds in full if it is), and before you accept late funds, cancel the order's newer payment if one is still `awaiting_payment`; if a newer one is already `pending` or `succeeded`, refund the late funds in full instead of accepting them.",
  );
  const overview = prose('docs/payments/index.mdx');
  const beside = overview.indexOf('```bash file=examples/api/accept-payment.sh');
  const check = overview.indexOf("Before you accept, check whether the payment's order is already paid or cancelled");
  expect(check).toBeGreaterThan(0);
  // Next to the sample: the paragraph just before it.
  expect(beside - check).toBeGreaterThan(0);
  expect(beside - check).toBeLessThan(900);
  expect(overview).toContain(
    'Before you accept late funds, also look for a newer payment of the same order (list the payments with its `reference`): cancel one that is still `awaiting_payment`',
  );
});

test('the webhook guide does not call the hand-written Python check a library', () => {
  const guide = prose('docs/payments/webhook-guide.mdx');
  expect(guide).not.toContain('### With a library');
  expect(guide).toContain(
    '### With the official library, or Python alone Standard Webhooks has official libraries. In Node.js, the official `standardwebhooks` package does every step above. In Python, the standard library is enough: this sample does the steps with `hmac`, `hashlib` and `base64`, and no package.',
  );
});

test('after 409 payment_invalid_state, the API, the welcome page and the testing guide send the request again under a new key once the state allows', () => {
  const codes = api().components.schemas.Error.properties.error.properties.code['x-error-codes'];
  expect(codes.payment_invalid_state.fix).toContain(
    'Once the status allows the operation, send it again with a new `Idempotency-Key`: this `409` is stored under the first key for 24 hours',
  );
  expect(prose('docs/intro.mdx')).toContain(
    'for `payment_invalid_state`, re-fetch the object, and once its state allows the operation send it again with a new key, since the `409` is stored under the first one for 24 hours;',
  );
  expect(prose('docs/payments/testing.mdx')).toContain(
    'After that `409`, wait until `amount_pending` is zero and send the request again with a new `Idempotency-Key`: the `409` is stored under the first key for 24 hours',
  );
});

test('going live stores an Idempotency-Key with its request, not with the order: a new payment for the same order needs a new key', () => {
  const live = prose('docs/payments/going-live.mdx');
  expect(live).not.toContain('Store it with the order');
  expect(live).toContain(
    'Store it with the request it belongs to, such as the payment attempt or the refund, not with the order, so that a process that restarts mid-retry sends the same key: a new payment for the same order, after the first expired, is a new request and needs a new key.',
  );
});

test('after a failed payment the customer is not asked to pay again at once: a dropped transaction is usually mined later and reopens it as LATE', () => {
  const failed = paymentStatuses.find((s) => s.status === 'failed')?.yourMove ?? '';
  expect(failed).not.toContain('Create a new payment if the customer still wants to pay');
  expect(failed).toBe(
    'Do not fulfil, and do not ask the customer to pay again at once: a dropped transaction is usually mined later, and its funds then reopen this payment as requires_action with LATE. Create a new payment only when the customer confirms their transaction is gone (for example, their wallet shows it dropped or replaced); if the old one’s funds still arrive, refund them.',
  );
  expect(prose('docs/payments/index.mdx')).toContain(
    "Create a new payment only when the customer confirms their transaction is gone, for example because their wallet shows it dropped or replaced; if the old one's funds still arrive, refund them.",
  );
  expect(prose('docs/payments/fees-and-settlement.mdx')).toContain(
    'after a `failed` one, only once the customer confirms their transaction is gone',
  );
});

test('moving an endpoint by registering a new one says the new endpoint has its own whsec_ secret, and changing the URL keeps the secret', () => {
  expect(prose('docs/payments/quickstart.mdx')).toContain(
    'Or register the new URL first: the new endpoint has its own `whsec_` secret, in that response, so set `COINWHARF_WEBHOOK_SECRET` to it for the receiver and start the receiver again;',
  );
  const guide = prose('docs/payments/webhook-guide.mdx');
  expect(guide).toContain(
    "When you move, change the endpoint's URL in the dashboard: the endpoint keeps its `whsec_` secret, so your receiver at the new URL verifies with the secret it already has. Prefer that. Or register the new URL first: a new endpoint has its own `whsec_` secret, returned only in the answer that registers it, and the receiver at the new URL must use it;",
  );
  expect(guide).toContain(
    'or register the new URL, whose new endpoint has its own `whsec_` secret for the receiver to use,',
  );
});

test('registering an endpoint says its secret is in that response only, and in its replays: a retry with the same key gets the stored response back', () => {
  expect(words(api().paths['/webhook_endpoints'].post.description)).toContain(
    "Returns the endpoint's signing secret (`whsec_…`) in this response only: no other call returns it, though a retry with the same `Idempotency-Key` within 24 hours gets this response back, secret included.",
  );
  expect(words(api().components.parameters.IdempotencyKey.description)).toMatch(/24 hours/);
});

test('the checklists test 409 balance_insufficient, which the sandbox never answers, with a mocked response, as the fees page says', () => {
  const link = '(./fees-and-settlement.mdx#when-a-refund-is-more-than-your-balance)';
  expect(prose('docs/payments/fees-and-settlement.mdx')).toContain(
    'so test your handling of this error with a mocked response, not in the sandbox.',
  );
  expect(prose('docs/payments/testing.mdx')).toContain(
    `The sandbox never answers it, so test this with a mocked response, as [when a refund is more than your balance]${link} says.`,
  );
  expect(prose('docs/payments/going-live.mdx')).toContain(
    `and tested your handling of \`409 balance_insufficient\`, which the sandbox never answers, with a mocked response ([when a refund is more than your balance]${link}).`,
  );
});

test('the balance operation counts refunds’ network fees out of available, and the testing guide names the payment.updated a failed refund sends', () => {
  expect(words(api().paths['/balance'].get.description)).toContain(
    "`available` is what succeeded payments brought in, less Coinwharf's fees, their refunds that have not failed and the network fees of all your refunds, not yet settled to your withdrawal address (refunds of payments that require action come out of `pending`, where their funds are);",
  );
  expect(prose('docs/payments/testing.mdx')).toContain(
    "The refund is `failed`, and your receiver gets `refund.failed`, then `payment.updated`: the payment's `amount_refunded` went back down.",
  );
  for (const file of ['examples/api/get-balance.ts', 'examples/api/get-balance.sh', 'examples/api/get_balance.py'])
    expect(words(readFileSync(file, 'utf8').replace(/^(#|\/\/) ?/gm, '')), file).toContain(
      "confirmed funds of succeeded payments, less Coinwharf's fees, refunds and refunds' network fees",
    );
});

test('funds after the end: the rule names its exceptions, and the succeeded row adds OVER only once amount_received is more than amount_due', () => {
  const overview = prose('docs/payments/index.mdx');
  expect(overview).toContain(
    'Two cases fall outside it, and support handles them: another token sent to the address, which the payment never counts ([wrong token](#wrong-token)), and funds that arrive after the 30 days (below).',
  );
  expect(overview).toContain('one you accepted short may stay below it.');
  const succeeded = fundsArrivalTable.rows.find((row) => row.status === 'succeeded');
  expect(fundsArrivalTable.columns[1].cell(succeeded!)).toBe(
    '`succeeded`, label `OVER` once `amount_received` is more than `amount_due`',
  );
});

test('the 90 days of a wrong-network recovery are your deadline to write to support, not how long support takes', () => {
  for (const file of ['docs/payments/index.mdx', 'docs/payments/going-live.mdx', 'docs/payments/webhook-guide.mdx']) {
    const page = prose(file);
    expect(page, file).not.toMatch(/recover(ed)? (them|the funds)? ?(through support )?within 90 days/);
    expect(page, file).toMatch(/within 90 days of the transaction/);
  }
  expect(prose('docs/payments/index.mdx')).toContain(
    'if you write to support within 90 days of the transaction (your deadline, not how long the recovery takes): write to',
  );
});

test('going live cancels the order’s newer open payment before accepting late funds, as the overview says beside the accept sample', () => {
  const live = prose('docs/payments/going-live.mdx');
  expect(live).toContain(
    "Before you accept late funds for an order that is not paid yet, cancel the order's newer payment if one is still `awaiting_payment`, so that the customer cannot pay the order a second time;",
  );
  expect(live).toContain(
    "before you accept late funds, you cancel the order's newer payment that is still `awaiting_payment`.",
  );
});

test('the OVER label sends readers to the excess the refunds guide works out, as declined funds count in amount_received', () => {
  expect(words(api().components.schemas.PaymentLabel.description)).toContain(
    "`amount_received` counts funds refunded as `declined` too, so a payment that late funds reopened can carry `OVER` with nothing left to refund: the excess to refund is `amount_received` less `amount_due`, less the payment's refunds with `reason: overpayment` or `declined` that have not failed, as the refunds guide's refund-overpayment sample works it out.",
  );
  const overview = prose('docs/payments/index.mdx');
  expect(overview).not.toContain('its excess, `amount_received` less `amount_due`, is refunded');
  expect(overview).toContain(
    "With the `OVER` label, refund the excess the [refunds guide](./refunds.mdx#refund-an-overpayment) works out: `amount_received` less `amount_due`, less the payment's refunds with `reason: overpayment` or `reason: declined` that have not failed. `amount_received` counts the funds you refunded as `declined` too, so a payment that late funds reopened can carry `OVER` with nothing left to refund.",
  );
  expect(prose('docs/payments/webhook-guide.mdx')).toContain(
    '- `payment.updated`: with `OVER`, an excess the customer may be owed.',
  );
});

test('the payments overview puts confirmed funds of a payment that requires action in pending, as fees and settlement does', () => {
  const overview = prose('docs/payments/index.mdx');
  expect(overview).not.toContain('Once funds are confirmed they count in your balance');
  expect(overview).toContain(
    'Funds count in the `pending` part of your balance while they confirm, and stay there once confirmed while the payment requires action, until you accept them. They move to `available` when the payment succeeds,',
  );
  expect(prose('docs/payments/fees-and-settlement.mdx')).toContain(
    '| Confirmed, the payment is `requires_action` (`UNDER` or `LATE`) | `amount_received` | `pending`: not yours until you accept the funds |',
  );
});

test('checking a settlement names every cause of a difference from the note: failed refunds, late funds after success and released reserves too', () => {
  expect(prose('docs/payments/fees-and-settlement.mdx')).toContain(
    '3. Expect a difference from your note only for what changed between your reading and 00:00 UTC: payments that succeeded, refunds you created and their network fees, refunds that failed (their amount returns to `available`), late funds that reached payments that had already succeeded, and reserves released when an excess passes the 30 days after it arrived.',
  );
});

test('a succeeded payment whose order cannot take it (paid by another, cancelled, unknown) is refunded unless refunded already, on every path', () => {
  expect(prose('docs/payments/going-live.mdx')).toContain(
    'When it changed none, read the order in the same transaction: paid by this same payment, it is a repeat and there is nothing to do; paid by another payment, cancelled, or no order with that `reference`, fetch the payment: if it is not refunded in full (`amount_refunded` less than `amount_received`), the customer paid for goods they will not get, so queue a refund of what is left,',
  );
  expect(prose('docs/payments/webhook-guide.mdx')).toContain(
    'an order paid by another payment, an order you cancelled, or no order with that `reference`: fetch the payment, and if it is not refunded in full (`amount_refunded` less than `amount_received`), the customer paid for goods they will not get, so queue a refund of what is left,',
  );
  expect(words(readFileSync('examples/webhooks/event-store.ts', 'utf8').replace(/^\/\/ ?/gm, ''))).toContain(
    '// 0 rows: read the order. Paid by this payment: a repeat, nothing to do. Paid by another // payment, canceled, or no such order: fetch the payment; unless it is refunded in full',
  );
  // A resend reaches the receiver, which cannot tell it apart: it is not one of the paths you run yourself.
  expect(prose('docs/payments/webhook-guide.mdx')).toContain(
    'On the paths you run yourself (a replay and the daily check), also fetch the payment first',
  );
});

test('an Idempotency-Key is kept per account and mode, so a retry with a rolled secret key replays, as going live says', () => {
  expect(words(api().info.description)).toContain(
    "Keys are kept per account and mode (live or sandbox), not per secret key: a retry sent with a new secret key after you roll one gets the first attempt's stored answer.",
  );
  expect(prose('docs/payments/going-live.mdx')).toContain(
    'Retries in flight survive a roll: Coinwharf keeps an `Idempotency-Key` per account and mode (live or sandbox), not per secret key',
  );
  expect(words(api().paths['/refunds'].post.description)).toContain(
    "The one exception is the refunds guide's overpayment sample",
  );
});

test('a webhook answered 429, 502 or 504 is a failed attempt that waits for Retry-After, in the API and the guide', () => {
  expect(words(api().webhooks.event.post.description)).toContain(
    'the next attempt waits for it when it asks for longer than the schedule. They are failed attempts all the same: each uses one of the 10 attempts and counts toward the failures that disable an endpoint.',
  );
  expect(prose('docs/payments/webhook-guide.mdx')).toContain(
    'They are failed attempts all the same: each uses one of the ten, and counts toward the [failures that disable an endpoint](#disabled-endpoints).',
  );
});

test('a refund of a payment with nothing left to refund says which answer it gets: 409 payment_invalid_state', () => {
  expect(prose('api/openapi.yaml')).toContain(
    'With nothing left to refund, the request gets `409 payment_invalid_state`, whether `amount` is given or left out, and sends nothing',
  );
});

test('a refund sent again after refund.failed is a new operation with a new key: a key is never made from the return it is for', () => {
  expect(words(api().info.description)).toContain(
    "a refund sent again after `refund.failed` is a new operation, with a new id and a new key, or it gets the first attempt's stored answer (the refund as it was then, `pending`) and sends nothing. A replayed answer is always that snapshot",
  );
  expect(prose('docs/payments/going-live.mdx')).toContain(
    "Not the return's id: after `refund.failed` you refund again, which is a new operation with a new key",
  );
  for (const page of ['docs/payments/going-live.mdx', 'docs/intro.mdx'])
    expect(prose(page)).not.toContain("return's id for its refund");
});

test("late funds are judged on what you would keep at today's rate, never accepted short of the price in the hope of a second payment", () => {
  const overview = prose('docs/payments/index.mdx');
  expect(overview).toContain(
    'what you keep is `amount_received` less `amount_refunded` (funds you declined earlier are still counted in `amount_received`, and no `UNDER` label means only that it reached `amount_due`)',
  );
  expect(overview).toContain(
    "Accept when what you keep covers the price at today's rate, or you choose to absorb the difference; else refund the funds.",
  );
  // Accepting fulfils the order; a second payment for its reference is then refunded as a double payment.
  expect(overview).not.toContain('pay the difference on a new payment');
});

test('an excess is never refunded twice only while every refund of it says reason: overpayment', () => {
  expect(prose('docs/payments/refunds.mdx')).toContain(
    'so the excess is never refunded twice, as long as each of its refunds carries that reason: one sent as `reason: other`, from the dashboard or a support tool too, is not counted, and the excess is then sent again.',
  );
  expect(prose('docs/payments/going-live.mdx')).toContain(
    'run [`refund-overpayment`](/payments/refunds#refund-an-overpayment), which works out from the API what is still owed of the excess and refunds only that, with `reason: overpayment` (nothing, once the excess was all refunded with that reason).',
  );
  expect(prose('changelog/2026-11-25-money-never-reaches-a-dead-end.md')).not.toContain('can never be refunded twice');
});

test("a failed refund is sent again with its reason: an excess's with reason overpayment, or it is refunded twice", () => {
  expect(prose('docs/payments/refunds.mdx')).toContain(
    "then create a new refund to that address with a new `Idempotency-Key` and the failed refund's `reason`. A failed refund of an excess is re-created with `reason: overpayment`",
  );
  expect(prose('docs/payments/going-live.mdx')).toContain(
    "refund again with a new `Idempotency-Key` and the failed refund's `reason` (an excess with `reason: overpayment`)",
  );
});

test("the outcome table's labels are for a payment with none before, and the testing guide says how they add up", () => {
  expect(prose('docs/payments/testing.mdx')).toContain(
    '"Labels after" is for a payment with no labels or refunds before the outcome. Labels add up and stay: `LATE` once funds came after the payment ended, and `UNDER` or `OVER` as `amount_received` stands against `amount_due`, funds refunded as `declined` included. So `late` after a declined `underpay` leaves `LATE` and `OVER`, and a payment accepted short keeps `UNDER`.',
  );
  expect(prose('docs/payments/testing.mdx')).toContain(
    'The payments that succeeded in the other sections add to `available` too, those left in `requires_action` are in `pending`',
  );
});
