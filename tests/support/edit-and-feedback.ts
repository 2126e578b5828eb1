import {execFileSync} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import {expect, type Page} from '@playwright/test';

// What a doc or changelog entry shows its writer and reader under the text: "Edit this page", the
// last-updated date from git, and "Was this page helpful?". Checked on every route inside
// every-route's whole visit, which loads each route once already.

/** Where "Edit this page" points: the docs repo on GitHub, branch main; a source path follows. */
export const editUrl = 'https://github.com/coinwharf/docs/edit/main/';

export function git(...args: string[]): string {
  return execFileSync('git', args, {encoding: 'utf8'}).trim();
}

export const feedback = (page: Page) => page.getByRole('group', {name: 'Was this page helpful?'});

/** What kind of page the theme rendered, from the classes it puts on <html>. */
async function pageKind(page: Page): Promise<'doc' | 'changelog entry' | 'other'> {
  const classes = (await page.locator('html').getAttribute('class')) ?? '';
  if (classes.split(' ').includes('docs-doc-page')) return 'doc';
  if (classes.split(' ').includes('blog-post-page')) return 'changelog entry';
  return 'other';
}

function frontMatterTitle(file: string): string | undefined {
  const frontMatter = readFileSync(file, 'utf8').match(/^---\n([\s\S]*?)\n---\n/)?.[1] ?? '';
  return frontMatter
    .match(/^title: (.+)$/m)?.[1]
    ?.trim()
    .replace(/^(['"])(.*)\1$/, '$2');
}

/** The date a doc shows, formatted as the theme formats it (locale en, UTC). */
function shownDate(date: Date): string {
  return new Intl.DateTimeFormat('en', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
    calendar: 'gregory',
  }).format(date);
}

/**
 * On a hydrated page: a doc has one edit link to its tracked source, whose front-matter title is
 * the h1, the date of its last commit and the feedback control; a changelog entry has the edit
 * link only; any other page has none of them.
 */
export async function expectEditLinkDateAndFeedback(page: Page, path: string): Promise<void> {
  const kind = await pageKind(page);
  const editLink = page.locator('a.theme-edit-this-page');
  const lastUpdated = page.locator('.theme-last-updated');

  if (kind === 'other') {
    await expect(editLink, `${path}: no edit link`).toHaveCount(0);
    await expect(lastUpdated, `${path}: no last-updated date`).toHaveCount(0);
    await expect(page.locator('.doc-feedback'), `${path}: no feedback control`).toHaveCount(0);
    return;
  }

  await expect(editLink).toHaveCount(1);
  await expect(editLink).toHaveText('Edit this page');
  const href = (await editLink.getAttribute('href')) ?? '';
  expect(href.startsWith(editUrl), `${href} is not on ${editUrl}`).toBe(true);
  const file = href.slice(editUrl.length);
  expect(existsSync(file), `${file} exists in this repo`).toBe(true);
  if (path.startsWith('/api/')) {
    // The API reference is generated from the description at build time: that file is what a writer edits.
    expect(file).toBe('api/openapi.yaml');
  } else {
    expect(file).toMatch(kind === 'doc' ? /^docs\/.+\.mdx?$/ : /^changelog\/.+\.mdx?$/);
    // The file is this page's source: its front-matter title is the page's h1.
    await expect(page.locator('article h1').first()).toHaveText(frontMatterTitle(file) ?? `(no title in ${file})`);
  }

  if (kind === 'changelog entry') {
    // An entry carries its own date; it gets no last-updated line and no feedback control.
    await expect(lastUpdated).toHaveCount(0);
    await expect(page.locator('.doc-feedback')).toHaveCount(0);
    return;
  }

  const lastCommit = git('log', '-1', '--format=%cI', '--', file);
  if (lastCommit === '') {
    // A doc not committed yet has no date in git: Docusaurus shows no last-updated line for it.
    await expect(lastUpdated).toHaveCount(0);
  } else {
    const committed = new Date(lastCommit);
    await expect(lastUpdated).toHaveCount(1);
    await expect(lastUpdated).toHaveText(`Last updated on ${shownDate(committed)}`);
    await expect(lastUpdated.locator('time')).toHaveAttribute('datetime', committed.toISOString());
  }
  await expect(feedback(page)).toHaveCount(1);
  await expect(feedback(page).getByRole('button')).toHaveText(['Yes', /^No/]);
}
