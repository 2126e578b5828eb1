import {readFileSync} from 'node:fs';
import {expect, test, type APIRequestContext, type Page} from '@playwright/test';
import {orderTabs, twinPath} from '../../plugins/markdown-twins/format';
import {statusDiagramSource} from '../../src/data/statuses';
import {sidebarDocs} from '../support/built-docs';
import {builtPage, htmlFileFor, parseHtml} from '../support/built-html';
import {brand, builtSitemapPaths, inBuild, inSite, routes, waitForHydration} from '../support/site';

// AI-ready docs: /llms.txt, /llms-full.txt and the Markdown twin of
// every page, as the production build writes them, and the "Copy page" control.

/** Every doc of the build, in sidebar order. */
const docs = sidebarDocs();

/** A doc's source file, as its "Edit this page" link names it. */
function sourceOf(path: string): string {
  const href = builtPage(path)('a.theme-edit-this-page').attr('href') ?? '';
  const file = /\/edit\/[^/]+\/(.+)$/.exec(href)?.[1];
  if (!file) throw new Error(`${path} has no edit link naming its source`);
  return file;
}

/** The twin pages: every doc and the glossary (its source is Markdown too). */
const twinPages = [
  ...docs.map((doc) => ({path: doc.path, source: sourceOf(doc.path)})),
  {path: routes.glossary, source: 'src/pages/markdown-page.md'},
];

/** Where a page's written content is: a doc's Markdown, or a Markdown page's article. */
const content = ':is(.theme-doc-markdown, main article)';

/** A site URL as the test server serves it. */
const local = (url: string) => url.replace(brand.siteUrl, '');

/** The lines of a Markdown text that are not inside a fenced code block. */
function proseLines(markdown: string): string[] {
  let fence: string | null = null;
  return markdown.split('\n').filter((line) => {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (
      marker &&
      (fence === null || (marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker))
    ) {
      fence = fence === null ? marker : null;
      return false;
    }
    return fence === null;
  });
}

/** Heading text as a reader sees it: no code ticks, emphasis or link syntax. */
const plain = (text: string) =>
  text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*\u200b]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** A file as the test server serves it; a test that reads no page asks with `request`, opening no browser page. */
async function getText(request: APIRequestContext, url: string): Promise<{text: string; contentType: string}> {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  return {text: await response.text(), contentType: response.headers()['content-type'] ?? ''};
}

test.describe('llms.txt', () => {
  test('follows the llms.txt format and lists every doc, page and changelog entry with its description', async ({
    request,
  }) => {
    const {text, contentType} = await getText(request, '/llms.txt');
    expect(contentType).toMatch(/^text\/plain/);
    const [h1, , summary] = text.split('\n');
    expect(h1).toBe(`# ${brand.siteTitle}`);
    expect(summary).toMatch(new RegExp(`^> ${brand.tagline}\\. `));
    const links = [...text.matchAll(/^- \[([^\]]+)\]\(([^)]+)\): (.+)$/gm)].map(([, title, url, description]) => ({
      title,
      url,
      description,
    }));
    const sections = [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(sections).toEqual(['Docs', 'Pages', 'Optional']);

    const docsSection = text.slice(text.indexOf('## Docs'), text.indexOf('## Pages'));
    const listedDocs = [...docsSection.matchAll(/^- \[([^\]]+)\]\(([^)]+)\)/gm)].map((m) => [m[1], local(m[2])]);
    expect(listedDocs, 'every doc, in sidebar order, linking its twin').toEqual(
      docs.map((doc) => [doc.title, twinPath(doc.path)]),
    );
    expect(links.map((link) => local(link.url))).toEqual(
      expect.arrayContaining([routes.home, twinPath(routes.glossary)]),
    );

    const posts =
      readFileSync(inBuild('sitemap.xml'), 'utf8').match(/<loc>[^<]*\/changelog\/\d{4}\/[^<]+<\/loc>/g) ?? [];
    expect(posts.length).toBeGreaterThan(0);
    for (const post of posts) {
      expect(
        links.map((link) => local(link.url)),
        post,
      ).toContain(twinPath(local(post.slice(5, -6))));
    }
    for (const link of links) {
      expect(link.description.length, link.title).toBeGreaterThanOrEqual(50);
    }
  });

  test('every URL in llms.txt answers 200, with Markdown for every twin', async ({request}) => {
    const {text} = await getText(request, '/llms.txt');
    const urls = [...text.matchAll(/\]\((https:[^)]+)\)|<(https:[^>]+)>/g)].map((m) => m[1] ?? m[2]);
    expect(urls.length).toBeGreaterThan(10);
    for (const url of urls) {
      expect(url.startsWith(brand.siteUrl), url).toBe(true);
      const {contentType} = await getText(request, local(url));
      if (url.endsWith('.md')) expect(contentType, url).toMatch(/^text\/markdown/);
    }
  });

  test("llms-full.txt holds every doc's twin in sidebar order, then the glossary's, then every changelog entry's, each under its page URL", async ({
    request,
  }) => {
    const {text} = await getText(request, '/llms-full.txt');
    const withSource = async (path: string) => {
      const twin = (await getText(request, twinPath(path))).text;
      const body = twin.slice(twin.indexOf('\n---\n') + 5).trim();
      return body.replace(/^(# .*)$/m, `$1\n\nSource: <${brand.siteUrl}${path}>`);
    };
    let at = 0;
    expect(docs.length).toBeGreaterThan(0);
    for (const path of [...docs.map((doc) => doc.path), routes.glossary]) {
      const whole = await withSource(path);
      const found = text.indexOf(whole, at);
      expect(found, `${path} appears whole, after the page before it`).toBeGreaterThan(at);
      at = found + whole.length;
    }
    const entries = builtSitemapPaths().filter((path) => /^\/changelog\/\d{4}\//.test(path));
    expect(entries.length).toBeGreaterThan(3);
    for (const path of entries) {
      expect(text.indexOf(await withSource(path), at), `${path} appears whole, after the glossary`).toBeGreaterThan(at);
    }
  });
});

test.describe('Markdown twins', () => {
  for (const {path, source} of twinPages) {
    // The page as the server sends it: the built HTML, which hydration keeps.
    test(`${path}: the twin has the page's title, description, every h2/h3 and every imported example, and no MDX`, async ({
      request,
    }) => {
      const {text: twin, contentType} = await getText(request, twinPath(path));
      expect(contentType).toMatch(/^text\/markdown/);
      const $ = builtPage(path);

      const frontMatter = /^---\n([\s\S]*?)\n---\n/.exec(twin)?.[1] ?? '';
      const description = $('meta[name="description"]').attr('content');
      const title = $('article h1, main h1').first().text();
      expect(frontMatter).toBe(`title: ${JSON.stringify(title)}\ndescription: ${JSON.stringify(description)}`);

      const prose = proseLines(twin.slice(frontMatter.length + 8));
      const twinHeadings = prose.filter((line) => /^#{2,3} /.test(line)).map((line) => plain(line.replace(/^#+ /, '')));
      const pageHeadings = $(`${content} :is(h2, h3)`)
        .toArray()
        .map((heading) => plain($(heading).text()));
      expect(pageHeadings.length).toBeGreaterThan(0);
      expect(twinHeadings).toEqual(pageHeadings);

      const samples = [...readFileSync(inSite(source), 'utf8').matchAll(/^```\w* file=(examples\/\S+)/gm)].map(
        (m) => m[1],
      );
      for (const file of samples) {
        const code = readFileSync(inSite(file), 'utf8').trimEnd();
        expect(twin, `${file} inlined whole under its title`).toContain(`title="${file}"\n${code}\n\`\`\``);
      }
      expect(
        prose.filter((line) => /^(import|export) /.test(line)),
        'no import or export line',
      ).toEqual([]);
      expect(
        prose.filter((line) => /<\/?[A-Z]|\{\/\*/.test(line)),
        'no JSX and no MDX comment',
      ).toEqual([]);
      expect(
        prose.filter((line) => /\]\((?!https?:|mailto:)/.test(line)),
        'every link absolute',
      ).toEqual([]);
    });
  }

  // Anchors are checked in the built HTML, each target page parsed once: no browser needed.
  test('links between twins resolve, anchors included', async ({request}) => {
    const idsOf = new Map<string, Set<string>>();
    const ids = (pagePath: string): Set<string> => {
      if (!idsOf.has(pagePath)) {
        const file = htmlFileFor(pagePath);
        const $ = parseHtml(file ? readFileSync(file, 'utf8') : '');
        idsOf.set(
          pagePath,
          new Set(
            $('[id]')
              .toArray()
              .map((element) => $(element).attr('id') ?? ''),
          ),
        );
      }
      return idsOf.get(pagePath)!;
    };
    let anchors = 0;
    const resolved = new Set<string>();
    for (const {path} of twinPages) {
      const {text: twin} = await getText(request, twinPath(path));
      const internal = [...twin.matchAll(/\]\((https:\/\/docs\.coinwharf\.com[^)\s]*)/g)].map((m) => local(m[1]));
      for (const link of internal) {
        const [target, anchor] = link.split('#');
        const pagePath = target.endsWith('/index.md')
          ? target.slice(0, -'index.md'.length)
          : target.replace(/\.md$/, '');
        // Each target is asked for once; many links share one.
        if (!resolved.has(target)) {
          await getText(request, target);
          resolved.add(target);
        }
        if (anchor) {
          anchors += 1;
          expect(htmlFileFor(pagePath), `${path} → ${link}: no built page`).not.toBeNull();
          expect(ids(pagePath).has(decodeURIComponent(anchor)), `${path} → ${link}`).toBe(true);
        }
      }
    }
    expect(anchors).toBeGreaterThan(0);
  });

  // The page's tables are read from the built HTML, which hydration keeps.
  test('each data table on a page has the same cells in its twin', async ({request}) => {
    for (const {path} of twinPages) {
      const {text: twin} = await getText(request, twinPath(path));
      const twinTables = proseLines(twin)
        .join('\n')
        .split(/\n\n+/)
        .map((block) => block.split('\n').filter((line) => line.startsWith('| ')))
        .filter((rows) => rows.length > 0)
        .map((rows) =>
          rows
            .filter((row) => !/^\| (---+ \| )*---+ \|$/.test(row))
            .map((row) =>
              row
                .slice(2, -2)
                .split(/(?<!\\) \| /)
                .map((cell) => plain(cell.replace(/\\\|/g, '|'))),
            ),
        );
      const $ = builtPage(path);
      // As the browser's innerText does, each list item on a line of its own (the HTML's text runs them together).
      $(`${content} table`).find('li, p, br').after('\n');
      const pageTables = $(`${content} table`)
        .toArray()
        .map((table) =>
          $(table)
            .find('tr')
            .toArray()
            .map((row) =>
              $(row)
                .find('th, td')
                .toArray()
                .map((cell) => $(cell).text().trim()),
            ),
        );
      expect(twinTables.length, path).toBe(pageTables.length);
      pageTables.forEach((table, i) => {
        // The status table's "Moves to" cell is a list on the page and "; "-separated in the twin.
        const cells = (rows: string[][]) => rows.map((row) => row.map((cell) => plain(cell).replace(/\s*;\s*/g, ' ')));
        expect(cells(twinTables[i]), `${path}, table ${i + 1}`).toEqual(
          cells(table.map((row) => row.map((cell) => cell.replace(/\n/g, '; ')))),
        );
      });
    }
  });

  test('the overview twin keeps the status diagram as a mermaid fence', async ({request}) => {
    const {text} = await getText(request, twinPath(routes.paymentsOverview));
    expect(text).toContain(`\`\`\`mermaid\n${statusDiagramSource()}\n\`\`\``);
  });

  test('tab groups are labelled blocks, one per tab the page shows', async ({request}) => {
    const {text} = await getText(request, twinPath(routes.quickstart));
    const $ = builtPage(routes.quickstart);
    const pageTabs = $('.tabs-container')
      .toArray()
      .map((group) =>
        $(group)
          .find('[role="tab"]')
          .toArray()
          .map((tab) => $(tab).text()),
      );
    const twinTabs = [...text.matchAll(/<!-- tabs: \w+ -->\n\n([\s\S]*?)<!-- \/tabs -->/g)].map((m) =>
      proseLines(m[1]).flatMap((line) => /^\*\*(.+)\*\*: `examples\//.exec(line)?.[1] ?? []),
    );
    expect(pageTabs.length).toBeGreaterThan(0);
    expect(twinTabs).toEqual(pageTabs);
  });

  test('every doc names its twin in the page head', () => {
    for (const doc of docs) {
      const alternates = builtPage(doc.path)('head link[rel="alternate"][type="text/markdown"]')
        .toArray()
        .map((link) => link.attribs.href);
      expect(alternates, doc.path).toEqual([twinPath(doc.path)]);
    }
  });
});

test.describe('Copy page', () => {
  test.use({permissions: ['clipboard-read', 'clipboard-write']});

  const copyButton = (page: Page) => page.getByRole('button', {name: 'Copy page'});

  test("copies the twin with the reader's language first, by keyboard, says so, and asks nothing of another origin", async ({
    page,
  }) => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(routes.quickstart);
    await waitForHydration(page);
    // The reader picks Python in one tab group; Copy page follows that choice.
    await page.getByRole('tab', {name: 'Python'}).first().click();
    await copyButton(page).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({hasText: 'Page copied as Markdown.'})).toBeVisible();
    await expect(page.getByRole('button', {name: 'Copied'})).toBeVisible();

    const twin = (await getText(page.request, twinPath(routes.quickstart))).text;
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(orderTabs(twin, {language: 'python'}));
    expect(copied).not.toBe(twin);
    const firstGroup = copied.slice(copied.indexOf('<!-- tabs: language -->'));
    expect(/\*\*(.+?)\*\*: `/.exec(firstGroup)?.[1]).toBe('Python');
    expect(requests.filter((url) => !url.startsWith(new URL(page.url()).origin))).toEqual([]);
  });

  test('says plainly when the twin cannot be fetched, and offers the Markdown link', async ({page}) => {
    await page.route('**/*.md', (route) => route.fulfill({status: 503, body: ''}));
    await page.goto(routes.welcome);
    await waitForHydration(page);
    await copyButton(page).click();
    await expect(page.getByRole('status').filter({hasText: 'Could not copy.'})).toBeVisible();
    await expect(page.getByRole('link', {name: 'View as Markdown'})).toHaveAttribute('href', twinPath(routes.welcome));
  });
});
