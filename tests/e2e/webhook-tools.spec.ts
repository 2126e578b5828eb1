import {spawn} from 'node:child_process';
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';
import {readdirSync, readFileSync} from 'node:fs';
import {expect, test, type Locator, type Page, type Route} from '@playwright/test';
import {Webhook} from 'standardwebhooks';
import {testServerPort} from '../support/browser';
import {firstLoadJs, turnOffPrefetching} from '../support/first-load';
import {layoutShifts} from '../support/layout-shifts';
import {routes, waitForHydration} from '../support/site';
import {toleranceCases} from '../support/webhook-tolerance';

// The signature checker and the signed test-event generator, in the
// production build, driven as a reader drives them.

const secret = 'whsec_' + Buffer.from('coinwharf-test-secret-32-bytes!!').toString('base64');

/** A delivery signed now by the standardwebhooks package, as Coinwharf signs them. */
function signedDelivery(
  body = '{"id":"evt_1","type":"payment.succeeded","timestamp":"2025-01-01T00:00:00Z","data":{}}',
  sentAt = new Date(),
) {
  const timestamp = String(Math.floor(sentAt.getTime() / 1000));
  return {
    'webhook-id': 'evt_1',
    'webhook-timestamp': timestamp,
    'webhook-signature': new Webhook(secret).sign('evt_1', sentAt, body),
    body,
  };
}

const checker = (page: Page) =>
  page.locator('section').filter({has: page.getByRole('heading', {name: 'Signature checker'})});
const generator = (page: Page) =>
  page.locator('section').filter({has: page.getByRole('heading', {name: 'Signed test-event generator'})});

/** The guide with both tools' code loaded: each tool loads as the reader scrolls near it. */
async function openGuide(page: Page) {
  await page.goto(routes.webhookGuide);
  await waitForHydration(page);
  for (const tool of await page.locator('[data-load-on-approach]').all()) {
    await tool.scrollIntoViewIfNeeded();
    await expect(tool).toHaveAttribute('data-load-on-approach', 'ready');
  }
}

async function fillChecker(tool: Locator, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) {
    await tool.getByLabel(label, {exact: true}).fill(value);
  }
  await tool.getByRole('button', {name: 'Check signature'}).click();
}

/** The built chunks holding the tools' own code: they alone have these labels, which the pages' text never uses. */
function toolChunkPaths(): string[] {
  return readdirSync('build/assets/js')
    .filter((file) => file.endsWith('.js'))
    .filter((file) => {
      const text = readFileSync(`build/assets/js/${file}`, 'utf8');
      return text.includes('Generate a test secret') || text.includes('Raw body, exactly as received');
    })
    .map((file) => `/assets/js/${file}`);
}

/** The tools' chunks the page requests from now on. */
function watchToolChunks(page: Page): string[] {
  const chunks = toolChunkPaths();
  const seen: string[] = [];
  page.on('request', (request) => {
    const {pathname} = new URL(request.url());
    if (chunks.includes(pathname)) seen.push(pathname);
  });
  return seen;
}

/** An IntersectionObserver that never reports: only focus, a press or an anchor can load a tool. */
async function withoutApproach(page: Page) {
  await page.addInitScript(() => {
    window.IntersectionObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    } as unknown as typeof IntersectionObserver;
  });
}

/** The wrapper that loads a tool's code; its attribute says "waiting" or "ready". */
const shellOf = (page: Page, tool: Locator) => page.locator('[data-load-on-approach]').filter({has: tool});

const fieldLabels = {
  secret: 'Endpoint secret (whsec_…)',
  'webhook-id': 'webhook-id',
  'webhook-timestamp': 'webhook-timestamp',
  'webhook-signature': 'webhook-signature',
  body: 'Raw body, exactly as received',
} as const;

function labelled(delivery: Record<keyof typeof fieldLabels, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fieldLabels).map(([name, label]) => [label, delivery[name as keyof typeof fieldLabels]]),
  );
}

/**
 * Empties every field of the checker, so a test starts from a blank tool and its verdict is its own:
 * the body is set to a space first, so the edit that clears the last result happens even when the
 * fields were already empty.
 */
async function resetChecker(page: Page) {
  const tool = checker(page);
  await tool.getByLabel(fieldLabels.body, {exact: true}).fill(' ');
  for (const box of await tool.getByRole('textbox').all()) await box.fill('');
  await expect(tool.locator('[aria-live="polite"]')).toBeEmpty();
}

/**
 * The checker's tests that need no page of their own share one guide per worker, the tool reset
 * before each: loading the 10,000-element guide and its tools was most of each test's time. Tests
 * that set the page's clock, watch its requests or load it differently open their own.
 */
const onSharedGuide = test.extend<{page: Page}, {sharedGuide: Page}>({
  sharedGuide: [
    async ({browser}, use) => {
      const context = await browser.newContext({baseURL: `http://127.0.0.1:${testServerPort}`});
      const page = await context.newPage();
      await openGuide(page);
      await use(page);
      await context.close();
    },
    {scope: 'worker'},
  ],
  page: async ({sharedGuide}, use) => {
    await resetChecker(sharedGuide);
    await use(sharedGuide);
  },
});

test.describe('signature checker', () => {
  onSharedGuide('"Use the official example" verifies the vector and explains its fixed timestamp', async ({page}) => {
    const tool = checker(page);
    await tool.getByRole('button', {name: 'Use the official example'}).click();
    await expect(tool.getByLabel(fieldLabels.secret, {exact: true})).toHaveValue(
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    );
    await expect(tool.getByText('Verified: this delivery is authentic.')).toBeVisible();
    await expect(tool.locator('[data-step="timestamp"]')).toContainText('Not compared with now');
    await expect(tool.locator('[data-step="match"]')).toHaveAttribute('data-status', 'pass');
  });

  const cases: {name: string; delivery: () => Record<keyof typeof fieldLabels, string>; step: string; text: RegExp}[] =
    [
      {
        name: 'a fresh delivery passes',
        delivery: () => ({secret, ...signedDelivery()}),
        step: 'match',
        text: /The signature matches: this delivery is authentic/,
      },
      {
        name: 'a tampered body',
        delivery: () => ({
          secret,
          ...signedDelivery(),
          body: '{"id":"evt_1","type":"payment.failed","timestamp":"2025-01-01T00:00:00Z","data":{}}',
        }),
        step: 'match',
        text: /not the one that was signed/,
      },
      {
        name: 'a re-serialized body',
        delivery: () => {
          const d = signedDelivery();
          return {secret, ...d, body: JSON.stringify(JSON.parse(d.body), null, 2)};
        },
        step: 'match',
        text: /re-serialized\. Its compact JSON form matches/,
      },
      {
        name: 'a wrong secret',
        delivery: () => ({...signedDelivery(), secret: 'whsec_' + Buffer.alloc(32, 7).toString('base64')}),
        step: 'match',
        text: /not the one that was signed/,
      },
      {
        name: 'a stale timestamp',
        delivery: () => ({secret, ...signedDelivery(undefined, new Date(Date.now() - 3_600_000))}),
        step: 'timestamp',
        text: /60 min in the past: outside the 300 s/,
      },
      {
        name: 'a future timestamp',
        delivery: () => ({secret, ...signedDelivery(undefined, new Date(Date.now() + 900_000))}),
        step: 'timestamp',
        text: /15 min in the future: outside the 300 s/,
      },
      {
        name: 'a secret without whsec_',
        delivery: () => ({...signedDelivery(), secret: secret.slice(6)}),
        step: 'secret',
        text: /does not start with whsec_/,
      },
      {
        name: 'a secret that is not base64',
        delivery: () => ({...signedDelivery(), secret: 'whsec_abc!'}),
        step: 'secret',
        text: /not valid base64/,
      },
      {
        name: 'no v1 signature',
        delivery: () => ({secret, ...signedDelivery(), 'webhook-signature': 'v0,abc'}),
        step: 'signature',
        text: /no v1 signature/,
      },
      {
        name: 'a rotated header',
        delivery: () => {
          const d = signedDelivery();
          return {
            secret,
            ...d,
            'webhook-signature': `v1,${Buffer.alloc(32).toString('base64')} ${d['webhook-signature']}`,
          };
        },
        step: 'match',
        text: /signature 2 of 2/,
      },
    ];
  for (const {name, delivery, step, text} of cases) {
    onSharedGuide(`says what it found for ${name}`, async ({page}) => {
      const tool = checker(page);
      await fillChecker(tool, labelled(delivery()));
      await expect(tool.locator(`[data-step="${step}"]`)).toContainText(text);
    });
  }

  test('accepts a delivery up to exactly 300 s old or ahead and refuses one 301 s either way, as every receiver does', async ({
    page,
  }) => {
    const signedAt = new Date('2026-01-01T00:00:00Z');
    const delivery = labelled({secret, ...signedDelivery(undefined, signedAt)});
    await openGuide(page);
    const tool = checker(page);
    const timestamp = tool.locator('[data-step="timestamp"]');
    for (const {name, age, accepted} of toleranceCases) {
      // The checker reads the page's clock when Check signature is pressed.
      await page.clock.setFixedTime(signedAt.getTime() + age * 1000);
      // Editing a field clears the last result, so each verdict below is this case's.
      await tool.getByLabel('webhook-timestamp', {exact: true}).fill('');
      await expect(timestamp).toHaveCount(0);
      await fillChecker(tool, delivery);
      await expect(timestamp, name).toHaveAttribute('data-status', accepted ? 'pass' : 'fail');
      await expect(timestamp, name).toContainText(accepted ? 'within 300 s' : 'outside the 300 s a receiver accepts');
    }
  });

  onSharedGuide('a pasted block of raw headers fills the three header fields', async ({page}) => {
    const tool = checker(page);
    const d = signedDelivery();
    await tool
      .getByLabel(/Raw request headers/)
      .fill(
        `Content-Type: application/json\nWebhook-Id: ${d['webhook-id']}\nwebhook-timestamp: ${d['webhook-timestamp']}\nWEBHOOK-SIGNATURE: ${d['webhook-signature']}`,
      );
    await expect(tool.getByLabel('webhook-signature', {exact: true})).toHaveValue(d['webhook-signature']);
    await fillChecker(tool, {[fieldLabels.secret]: secret, [fieldLabels.body]: d.body});
    await expect(tool.getByText('Verified: this delivery is authentic.')).toBeVisible();
  });

  onSharedGuide('markup in the inputs is shown as text, never rendered', async ({page}) => {
    const tool = checker(page);
    await fillChecker(tool, {
      [fieldLabels.secret]: secret,
      'webhook-id': 'evt_1',
      'webhook-timestamp': '<img src=x onerror="window.__pwned=1">',
      'webhook-signature': 'v1,x',
      [fieldLabels.body]: '<script>window.__pwned=1</script>',
    });
    await expect(tool.locator('[data-step="timestamp"]')).toContainText('<img src=x onerror="window.__pwned=1">');
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as {__pwned?: number}).__pwned)).toBeUndefined();
  });

  onSharedGuide('works by keyboard alone, and the result is announced', async ({page}) => {
    const tool = checker(page);
    await tool.getByLabel(fieldLabels.body).focus();
    for (
      let i = 0;
      i < 4 &&
      !(await tool
        .getByRole('button', {name: 'Use the official example'})
        .evaluate((b) => b === document.activeElement));
      i += 1
    ) {
      await page.keyboard.press('Tab');
    }
    await expect(tool.getByRole('button', {name: 'Use the official example'})).toBeFocused();
    await page.keyboard.press('Enter');
    const live = tool.locator('[aria-live="polite"]');
    await expect(live).toContainText('Verified: this delivery is authentic.');
  });
});

test.describe('signed test-event generator', () => {
  test('its curl command, run as copied, delivers an event that standardwebhooks verifies', async ({page}) => {
    const received: {headers: Record<string, string>; body: string}[] = [];
    const receive = async (req: IncomingMessage, res: ServerResponse) => {
      let body = '';
      for await (const chunk of req) body += chunk;
      received.push({headers: req.headers as Record<string, string>, body});
      res.writeHead(204).end();
    };
    const server = createServer((req, res) => void receive(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/coinwharf`;
      await openGuide(page);
      const tool = generator(page);
      await tool.getByRole('button', {name: 'Generate a test secret'}).click();
      const generated = await tool.getByLabel('Endpoint secret (whsec_…)').inputValue();
      expect(generated).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      await tool.getByLabel('Event type').selectOption('refund.failed');
      await tool.getByLabel('Your endpoint URL').fill(endpoint);
      await tool.getByRole('button', {name: 'Sign a test event'}).click();
      await expect(tool.getByText('Signed a refund.failed event.')).toBeVisible();
      // What a reader runs: the code block's own Copy button, then a paste into a terminal.
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await tool.getByRole('button', {name: 'Copy code to clipboard'}).first().click();
      const command = await page.evaluate(() => navigator.clipboard.readText());
      expect(command.startsWith('curl ')).toBe(true);

      // Asynchronously: the receiver answers from this same process.
      const run = await new Promise<{code: number | null; stderr: string}>((resolve) => {
        const child = spawn('bash', ['-c', command], {timeout: 10_000});
        let stderr = '';
        child.stderr.on('data', (chunk) => (stderr += chunk));
        child.on('close', (code) => resolve({code, stderr}));
      });
      expect(run.code, run.stderr).toBe(0);
      expect(received).toHaveLength(1);
      const event = new Webhook(generated).verify(received[0].body, received[0].headers) as {
        type: string;
        id: string;
        data: {status: string};
      };
      expect(event).toMatchObject({type: 'refund.failed', data: {status: 'failed'}});
      expect(received[0].headers['webhook-id']).toBe(event.id);
    } finally {
      server.close();
    }
  });

  test('asks for a whsec_ secret and an http(s) URL instead of signing nonsense', async ({page}) => {
    await openGuide(page);
    const tool = generator(page);
    await tool.getByRole('button', {name: 'Sign a test event'}).click();
    await expect(tool.getByText(/Paste your endpoint secret/)).toBeVisible();
    await tool.getByLabel('Endpoint secret (whsec_…)').fill(secret);
    await tool.getByLabel('Your endpoint URL').fill('javascript:alert(1)');
    await tool.getByRole('button', {name: 'Sign a test event'}).click();
    await expect(tool.getByText(/http:\/\/ or https:\/\/ URL/)).toBeVisible();
    await expect(tool.locator('pre')).toHaveCount(0);
  });

  test('is on the quickstart too', async ({page}) => {
    await page.goto(routes.quickstart);
    await expect(generator(page)).toBeVisible();
  });
});

test.describe('webhook tools, together', () => {
  test('using both tools sends no request at all', async ({page}) => {
    await turnOffPrefetching(page); // links scrolled into view would otherwise prefetch their pages
    await openGuide(page);
    await page.waitForLoadState('networkidle');
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await checker(page).getByRole('button', {name: 'Use the official example'}).click();
    await fillChecker(checker(page), labelled({secret, ...signedDelivery()}));
    await expect(checker(page).getByText('Verified: this delivery is authentic.')).toBeVisible();
    await generator(page).getByRole('button', {name: 'Generate a test secret'}).click();
    await generator(page).getByRole('button', {name: 'Sign a test event'}).click();
    await expect(generator(page).locator('pre').first()).toBeVisible();
    expect(requests).toEqual([]);
  });

  onSharedGuide('secrets are kept nowhere: not in storage, not in the URL', async ({page}) => {
    await fillChecker(checker(page), labelled({secret, ...signedDelivery()}));
    await generator(page).getByLabel('Endpoint secret (whsec_…)').fill(secret);
    const stored = await page.evaluate(
      () => JSON.stringify({...localStorage}) + JSON.stringify({...sessionStorage}) + document.cookie + location.href,
    );
    expect(stored).not.toContain(secret.slice(6, 20));
  });

  test('doc pages without the tools, and the guide until the reader nears them, do not load their code', async ({
    page,
  }) => {
    const toolChunks = toolChunkPaths();
    expect(toolChunks.length, 'one chunk per tool').toBe(2);
    expect(
      toolChunks.some((chunk) => /\/main\./.test(chunk)),
      'not in the main bundle',
    ).toBe(false);
    // Prefetching (off here, as for the byte budgets) may fetch them ahead of a click; loading a page must not.
    for (const path of [routes.welcome, routes.paymentsOverview, routes.webhookGuide, routes.quickstart]) {
      const {files} = await firstLoadJs(await page.context().newPage(), path, 'build');
      const requested = files.map((file) => `/${file.split('/').slice(1).join('/')}`);
      expect(
        requested.filter((p) => toolChunks.includes(p)),
        path,
      ).toEqual([]);
    }
  });
});

test.describe('webhook tools, loaded as the reader nears them', () => {
  test('each tool is on the page whole before its code loads; scrolling near loads it, nothing moves, and it works', async ({
    page,
  }) => {
    await turnOffPrefetching(page);
    const requested = watchToolChunks(page);
    await page.goto(routes.webhookGuide);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    const tool = checker(page);
    // The built HTML's markup (its inline scripts aside, which hold the page's code): every field and
    // button of the tool in place, before any of its code.
    const markup = readFileSync('build/payments/webhook-guide/index.html', 'utf8').replace(
      /<script\b[^>]*>[\s\S]*?<\/script>/g,
      '',
    );
    expect(markup).toContain('Raw body, exactly as received');
    expect(markup).not.toContain('Loading the tool');
    await expect(tool.getByLabel('Raw body, exactly as received')).toBeAttached();
    await expect(tool.getByRole('button', {name: 'Check signature'})).toBeAttached();
    await expect(shellOf(page, tool)).toHaveAttribute('data-load-on-approach', 'waiting');
    expect(requested).toEqual([]);

    // Still 300 px below the screen: close enough to load.
    await tool.evaluate((section) => {
      window.scrollTo(0, section.getBoundingClientRect().top + window.scrollY - window.innerHeight - 300);
    });
    await expect(shellOf(page, tool)).toHaveAttribute('data-load-on-approach', 'ready');
    expect(requested).toHaveLength(1);
    expect(await tool.evaluate((section) => section.getBoundingClientRect().top > window.innerHeight)).toBe(true);

    await tool.scrollIntoViewIfNeeded();
    await tool.getByRole('button', {name: 'Use the official example'}).click();
    await expect(tool.getByText('Verified: this delivery is authentic.')).toBeVisible();
    expect(await layoutShifts(page)).toEqual([]);
  });

  test('focusing a field of a tool loads it even when nothing reports it near', async ({page}) => {
    await withoutApproach(page);
    await page.goto(routes.webhookGuide);
    await waitForHydration(page);
    const tool = generator(page);
    await expect(shellOf(page, tool)).toHaveAttribute('data-load-on-approach', 'waiting');
    await tool.getByLabel('Endpoint secret (whsec_…)').focus();
    await expect(shellOf(page, tool)).toHaveAttribute('data-load-on-approach', 'ready');
    await tool.getByRole('button', {name: 'Sign a test event'}).click();
    await expect(tool.getByText(/Paste your endpoint secret/)).toBeVisible();
  });

  test('opening the guide at an anchor inside a tool loads it at once', async ({page}) => {
    await withoutApproach(page);
    await page.goto(routes.webhookGuide);
    const headingId = await checker(page).getByRole('heading').getAttribute('id');
    expect(headingId).toBeTruthy();
    await page.goto('/');
    await page.goto(`${routes.webhookGuide}#${encodeURIComponent(headingId ?? '')}`);
    await waitForHydration(page);
    await expect(shellOf(page, checker(page))).toHaveAttribute('data-load-on-approach', 'ready');
    await expect(shellOf(page, generator(page))).toHaveAttribute('data-load-on-approach', 'waiting');
  });

  /**
   * Holds back the tools' code from now on: each request of a tool's chunk waits until `release`.
   * The reader's typing then happens, for certain, while the server's HTML of the tool is all there is.
   */
  async function holdToolCode(page: Page) {
    const chunks = toolChunkPaths();
    const held: Route[] = [];
    let released = false;
    await page.route(
      (url) => chunks.includes(url.pathname),
      (route) => (released ? route.continue() : void held.push(route)),
    );
    return {
      requested: () => held.length,
      release: async () => {
        released = true;
        for (const route of held.splice(0)) await route.continue();
      },
    };
  }

  /** The guide, hydrated, scrolled to a tool that has asked for its code, which is held back. */
  async function nearWithCodeHeld(page: Page, locate: (page: Page) => Locator) {
    await page.goto(routes.webhookGuide);
    await waitForHydration(page);
    const code = await holdToolCode(page);
    const tool = locate(page);
    await tool.scrollIntoViewIfNeeded();
    await expect.poll(code.requested, 'the tool asked for its code').toBeGreaterThan(0);
    return {tool, code};
  }

  test('what a reader types into the checker before its code arrives is kept, and checked', async ({page}) => {
    const {tool, code} = await nearWithCodeHeld(page, checker);
    const delivery = labelled({secret, ...signedDelivery()});
    // Typed key by key, as soon as each field is there: the tool's code has not arrived.
    for (const [label, value] of Object.entries(delivery)) {
      await tool.getByLabel(label, {exact: true}).pressSequentially(value);
    }
    await expect(shellOf(page, tool)).toHaveAttribute('data-load-on-approach', 'waiting');
    await code.release();
    await expect(shellOf(page, tool)).toHaveAttribute('data-load-on-approach', 'ready');
    for (const [label, value] of Object.entries(delivery)) {
      await expect(tool.getByLabel(label, {exact: true}), label).toHaveValue(value);
    }
    await expect(tool.getByLabel(fieldLabels.body, {exact: true}), 'the field typed in last').toBeFocused();
    await tool.getByRole('button', {name: 'Check signature'}).click();
    await expect(tool.getByText('Verified: this delivery is authentic.')).toBeVisible();
  });

  test('a secret still being typed as the checker’s code arrives is kept whole, every key after it too', async ({
    page,
  }) => {
    const {tool, code} = await nearWithCodeHeld(page, checker);
    const field = tool.getByLabel(fieldLabels.secret, {exact: true});
    const typing = field.pressSequentially(secret, {delay: 40});
    // The code arrives with the secret half typed.
    await expect.poll(async () => (await field.inputValue()).length).toBeGreaterThanOrEqual(8);
    await code.release();
    await typing;
    await expect(shellOf(page, tool)).toHaveAttribute('data-load-on-approach', 'ready');
    await expect(tool.getByLabel(fieldLabels.secret, {exact: true})).toHaveValue(secret);
    await expect(tool.getByLabel(fieldLabels.secret, {exact: true})).toBeFocused();
  });

  test('the event type, secret and URL chosen in the generator before its code arrives are kept, and signed', async ({
    page,
  }) => {
    const {tool, code} = await nearWithCodeHeld(page, generator);
    await tool.getByLabel('Event type').selectOption('payment.expired');
    await tool.getByLabel('Endpoint secret (whsec_…)').pressSequentially(secret);
    await tool.getByLabel('Your endpoint URL').fill('');
    await tool.getByLabel('Your endpoint URL').pressSequentially('http://127.0.0.1:4242/kept');
    await expect(shellOf(page, tool)).toHaveAttribute('data-load-on-approach', 'waiting');
    await code.release();
    await expect(shellOf(page, tool)).toHaveAttribute('data-load-on-approach', 'ready');
    await expect(tool.getByLabel('Event type')).toHaveValue('payment.expired');
    await expect(tool.getByLabel('Endpoint secret (whsec_…)')).toHaveValue(secret);
    await expect(tool.getByLabel('Your endpoint URL')).toHaveValue('http://127.0.0.1:4242/kept');
    await tool.getByRole('button', {name: 'Sign a test event'}).click();
    await expect(tool.getByText('Signed a payment.expired event.')).toBeVisible();
    await expect(tool.locator('pre').first()).toContainText('http://127.0.0.1:4242/kept');
  });
});
