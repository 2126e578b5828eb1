import {expect, test, type Page} from '@playwright/test';
import {attributes, builtPage} from '../support/built-html';
import {markdownSources} from '../support/content';
import {turnOffPrefetching} from '../support/first-load';
import {recordRequests} from '../support/network';
import {editUrl, feedback, git} from '../support/edit-and-feedback';
import {builtSitemapPaths, routes, waitForHydration} from '../support/site';

// "Edit this page" on every doc and changelog entry, the last-updated
// date from git on every doc, and "Was this page helpful?" on every doc only.
// (Its axe check, answered and focused, is in accessibility.spec.ts.)

/** The issue "No" opens, built here independently of the component. */
function expectedIssueUrl(title: string, path: string): string {
  const params = {
    title: `Docs feedback: ${title}`,
    body: `Page: https://docs.coinwharf.com${path}\n\nWhat was missing, wrong or unclear?\n`,
  };
  return `https://github.com/coinwharf/docs/issues/new?title=${encodeURIComponent(params.title)}&body=${encodeURIComponent(params.body)}`;
}

test.describe('edit links and last-updated dates', () => {
  test('the checkout has full git history, so last-updated dates are real', () => {
    // In a shallow clone every file's last commit is the clone's only commit:
    // every doc would show that date, and git would agree with the page.
    expect(
      git('rev-parse', '--is-shallow-repository'),
      "shallow clone: run 'git fetch --unshallow' (.ci/run does), or clone with full history",
    ).toBe('false');
  });

  // Each route's edit link, last-updated date and feedback control, as its kind of page needs, are
  // checked in every-route's whole visit of it (support/edit-and-feedback.ts).

  test('every doc and changelog source is edit-linked from exactly one page', () => {
    const linked: string[] = [];
    for (const path of builtSitemapPaths()) {
      for (const href of attributes(builtPage(path), 'a.theme-edit-this-page', 'href')) {
        linked.push((href ?? '').replace(editUrl, ''));
      }
    }
    const sources = markdownSources.filter((file) => /^(docs|changelog)\//.test(file) && !/(^|\/)_/.test(file));
    expect(sources.length).toBeGreaterThan(5);
    // docs/api/ is generated from the API description at build time: each of its pages links the description.
    const generated = sources.filter((file) => file.startsWith('docs/api/'));
    expect(generated.length).toBeGreaterThan(0);
    const expected = sources.map((file) => (generated.includes(file) ? 'api/openapi.yaml' : file));
    expect(linked.sort()).toEqual(expected.sort());
  });
});

test.describe('"Was this page helpful?"', () => {
  const doc = {path: routes.quickstart, title: 'Quickstart'};

  async function openDoc(page: Page) {
    // Links scrolled into view would otherwise prefetch their pages.
    await turnOffPrefetching(page);
    await page.goto(doc.path);
    await waitForHydration(page);
    await feedback(page).scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
  }

  test('"Yes" thanks the reader in a live region and sends nothing', async ({page}) => {
    await openDoc(page);
    const requests = recordRequests(page);
    const storedBefore = await page.evaluate(
      () => JSON.stringify({...localStorage}) + JSON.stringify({...sessionStorage}) + document.cookie,
    );
    const status = feedback(page).getByRole('status');
    await expect(status).toBeEmpty();
    await feedback(page).getByRole('button', {name: 'Yes'}).click();
    await expect(status).toHaveText('Thank you for your feedback.');
    await requests.quiet();
    expect(requests.seen).toEqual([]);
    expect(
      await page.evaluate(
        () => JSON.stringify({...localStorage}) + JSON.stringify({...sessionStorage}) + document.cookie,
      ),
    ).toBe(storedBefore);
  });

  test('"No" opens the prefilled issue in a new tab; the page itself sends nothing', async ({page, context}) => {
    const expected = expectedIssueUrl(doc.title, doc.path);
    // GitHub is answered locally: nothing leaves the machine.
    const toGitHub: string[] = [];
    await context.route('https://github.com/**', (route) => {
      toGitHub.push(route.request().url());
      return route.fulfill({status: 200, contentType: 'text/html', body: '<title>issue form</title>'});
    });
    await openDoc(page);
    const requests = recordRequests(page);

    const popup = context.waitForEvent('page');
    await feedback(page).getByRole('button', {name: /^No/}).click();
    const tab = await popup;
    await tab.waitForLoadState();
    expect(tab.url()).toBe(expected);
    expect(toGitHub.filter((url) => !url.endsWith('/favicon.ico'))).toEqual([expected]);
    // noopener: the new tab cannot reach back into the docs page.
    expect(await tab.evaluate((): unknown => window.opener)).toBeNull();

    const status = feedback(page).getByRole('status');
    await expect(status).toContainText('Thank you. Tell us what to fix in the GitHub issue that opened in a new tab');
    const again = status.getByRole('link', {name: 'open it again'});
    await expect(again).toHaveAttribute('href', expected);
    await expect(again).toHaveAttribute('target', '_blank');
    await expect(again).toHaveAttribute('rel', 'noopener noreferrer');
    await requests.quiet();
    expect(requests.seen).toEqual([]);
  });

  test('works from the keyboard, with a visible focus ring', async ({page, context}) => {
    await context.route('https://github.com/**', (route) =>
      route.fulfill({status: 200, contentType: 'text/html', body: ''}),
    );
    await openDoc(page);
    const yes = feedback(page).getByRole('button', {name: 'Yes'});
    const no = feedback(page).getByRole('button', {name: /^No/});
    await yes.focus();
    await page.keyboard.press('Tab');
    await expect(no).toBeFocused();
    const ring = await no.evaluate((element) => {
      const style = getComputedStyle(element);
      return {style: style.outlineStyle, width: parseFloat(style.outlineWidth)};
    });
    expect(ring.style).not.toBe('none');
    expect(ring.width).toBeGreaterThanOrEqual(2);

    await page.keyboard.press('Shift+Tab');
    await expect(yes).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(feedback(page).getByRole('status')).toHaveText('Thank you for your feedback.');
    await expect(yes).toBeFocused();

    await page.keyboard.press('Tab');
    const popup = context.waitForEvent('page');
    await page.keyboard.press('Space');
    expect((await popup).url()).toBe(expectedIssueUrl(doc.title, doc.path));
    await expect(feedback(page).getByRole('status')).toContainText('Tell us what to fix');
  });

  test('the issue names each doc by its title and full URL', async ({page}) => {
    let opened = '';
    await page.exposeFunction('recordOpen', (url: string) => {
      opened = url;
    });
    for (const path of [routes.welcome, routes.paymentsOverview, routes.webhookGuide]) {
      await page.goto(path);
      await waitForHydration(page);
      const title = (await page.locator('article h1').first().textContent()) ?? '';
      opened = '';
      // Records what the control would open instead of opening it.
      await page.evaluate(() => {
        window.open = (url?: string | URL) => {
          (window as unknown as {recordOpen: (u: string) => void}).recordOpen(String(url));
          return null;
        };
      });
      await feedback(page).getByRole('button', {name: /^No/}).click();
      await expect.poll(() => opened, path).toBe(expectedIssueUrl(title, path));
    }
  });
});
