import {expect, test, type Page} from '@playwright/test';
import {
  desktop,
  flattenCodeLines,
  mobile,
  modes,
  narrowTo,
  openPage,
  useColorMode,
  violations,
  type Viewport,
} from '../support/accessibility';
import {routes} from '../support/site';

// The states that exist only after a reader acts: the open search, the results page, the open
// mobile menu, the feedback control answered, in light and dark mode. Every route itself, with the
// webhook tools' results shown and Copy page (a control of every doc), is checked in its whole
// visit (every-route.spec.ts, with tests/support/accessibility.ts).

const searchInput = (page: Page) => page.locator('nav.navbar input.navbar__search-input');

/** Types `query` into the navbar's search box and waits for the dropdown to show `expected`. */
async function searchFor(page: Page, query: string, expected: 'option' | 'no results'): Promise<void> {
  await expect(searchInput(page)).toHaveAttribute('role', 'combobox');
  await searchInput(page).fill(query);
  const listbox = page.locator('nav.navbar [role="listbox"]');
  await expect(
    expected === 'option'
      ? listbox.locator('[role="option"]:not([aria-disabled="true"])').first()
      : listbox.getByText('No results'),
  ).toBeVisible();
}

/**
 * Interactive states that only exist after a reader acts, each checked after
 * one page load, at 1280 px, then at 375 px without a reload (the open mobile
 * menu exists at 375 px only). axe looks only at what the state adds (the
 * navbar with its dropdown, the menu, the feedback control) where the page
 * beneath is one the route tests above already check in that mode and width.
 */
const states: {
  name: string;
  path: string;
  viewports: Viewport[];
  /** Each step puts the page in a state axe then checks, under its label. */
  steps: {label: string; act: (page: Page) => Promise<void>; include?: string[]}[];
}[] = [
  {
    name: 'the open search, with results and with none',
    path: routes.welcome,
    viewports: [desktop, mobile],
    steps: [
      {
        label: 'results',
        include: ['nav.navbar'],
        act: async (page) => {
          await searchInput(page).click();
          await searchFor(page, 'webhook', 'option');
        },
      },
      {label: 'no results', include: ['nav.navbar'], act: (page) => searchFor(page, 'zzqqxx', 'no results')},
    ],
  },
  {
    name: 'the search results page with results',
    path: '/search?q=signature',
    viewports: [desktop, mobile],
    steps: [
      {
        label: 'results',
        act: async (page) => {
          await expect(page.getByRole('main').locator('a[href*="webhook-guide"]').first()).toBeVisible();
        },
      },
    ],
  },
  {
    name: 'the open mobile menu, docs and main panels',
    path: routes.quickstart,
    viewports: [mobile],
    steps: [
      {
        label: 'docs panel',
        include: ['.navbar-sidebar'],
        act: async (page) => {
          await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
          await expect(page.locator('.navbar-sidebar')).toBeVisible();
        },
      },
      {
        label: 'main panel',
        include: ['.navbar-sidebar'],
        act: async (page) => {
          await page.getByRole('button', {name: /Back to main menu/}).click();
          await expect(page.locator('.navbar-sidebar').getByRole('link', {name: 'Changelog'})).toBeVisible();
        },
      },
    ],
  },
  {
    name: 'the feedback control answered and focused',
    path: routes.quickstart,
    viewports: [desktop, mobile],
    steps: [
      {
        label: 'after "No"',
        include: ['.doc-feedback', '.theme-doc-footer'],
        act: async (page) => {
          const feedback = page.getByRole('group', {name: 'Was this page helpful?'});
          if (await feedback.getByRole('link', {name: 'open it again'}).isVisible()) return;
          await feedback.getByRole('button', {name: /^No/}).click();
          await expect(feedback.getByRole('link', {name: 'open it again'})).toBeVisible();
          await page.bringToFront();
        },
      },
      {
        label: '"Yes" focused',
        include: ['.doc-feedback', '.theme-doc-footer'],
        act: async (page) => {
          const yes = page.getByRole('group', {name: 'Was this page helpful?'}).getByRole('button', {name: 'Yes'});
          await yes.focus();
          await expect(yes).toBeFocused();
        },
      },
    ],
  },
];

for (const state of states) {
  for (const mode of modes) {
    test(`no axe violations in ${state.name} (${mode})`, async ({page, context}) => {
      test.setTimeout(120_000);
      // "No" opens GitHub's issue form in a new tab: answered here, nothing leaves the machine.
      await context.route('https://github.com/**', (route) =>
        route.fulfill({status: 200, contentType: 'text/html', body: '<title>issue form</title>'}),
      );
      await useColorMode(page, mode);
      const report: string[] = [];
      for (const [index, viewport] of state.viewports.entries()) {
        if (index === 0) {
          await openPage(page, state.path, mode, viewport);
          await flattenCodeLines(page);
        } else await narrowTo(page, viewport);
        for (const step of state.steps) {
          await step.act(page);
          report.push(...(await violations(page, viewport, step.include)).map((line) => `${step.label}: ${line}`));
        }
      }
      expect(report).toEqual([]);
    });
  }
}
