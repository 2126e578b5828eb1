import {readFileSync} from 'node:fs';
import {expect, test} from '@playwright/test';
import {exampleFiles, markdownSources} from '../support/content';
import {builtPage} from '../support/built-html';
import {builtSitemapPaths} from '../support/site';
import {expectedSampleCode, sampleFileOf} from '../support/sample-part';

// Every code block a reader can copy is an example file that a test
// runs, except one-line commands. That each example is run or imported by a
// sample test is checked from what the sample runs record, when a run of the
// whole sample suite ends (tests/support/sample-usage-reporter.ts).

test('Markdown sources hold no multi-line code fences, only one-line commands and diagrams', () => {
  const offenders: string[] = [];
  // docs/api/ is generated from api/openapi.yaml: its JSON examples come from the description and
  // content/api-reference validates each against its schema.
  for (const source of markdownSources.filter((file) => !file.startsWith('docs/api/'))) {
    const text = readFileSync(source, 'utf8');
    for (const fence of text.matchAll(/^(`{3,}|~{3,})(\S*)[^\n]*\n([\s\S]*?)^\1\s*$/gm)) {
      const [, , language, body] = fence;
      const lines = body.trimEnd().split('\n');
      if (language !== 'mermaid' && lines.length > 1) {
        offenders.push(`${source}: a ${lines.length}-line \`\`\`${language} block`);
      }
    }
  }
  expect(markdownSources.length).toBeGreaterThan(5);
  expect(offenders).toEqual([]);
});

// Read from the built HTML: every block's code is in it, and hydration keeps it (e2e/code-hydration).
test('every multi-line code block on the site is an example file, shown whole and titled with its path', () => {
  const problems: string[] = [];
  let shown = 0;
  for (const route of builtSitemapPaths()) {
    const $ = builtPage(route);
    // The API reference's JSON examples come from api/openapi.yaml; content/api-reference validates them.
    const selector = route.startsWith('/api/') ? '.theme-code-block:not(.language-json)' : '.theme-code-block';
    const blocks = $(selector)
      .toArray()
      .map((block) => ({
        title: $(block).find('[class*="codeBlockTitle"]').first().text() || null,
        lines: $(block)
          .find('.token-line')
          .toArray()
          .map((line) => $(line).text().replace(/\n$/, '')),
      }));
    for (const {title, lines} of blocks) {
      const code = lines.join('\n').trimEnd();
      if (!code.includes('\n')) {
        continue;
      }
      shown += 1;
      // A reference page shows a file's call first, titled with its lines, and the whole file under it.
      const file = title && sampleFileOf(title).replace(/^examples\//, '');
      if (!title?.startsWith('examples/') || !file || !exampleFiles.includes(file)) {
        problems.push(`${route}: a ${lines.length}-line block titled ${JSON.stringify(title)} is not an example file`);
      } else if (code !== expectedSampleCode(title).trimEnd()) {
        problems.push(`${route}: ${title} differs from the file`);
      }
    }
  }
  expect(shown).toBeGreaterThan(10);
  expect(problems).toEqual([]);
});

test("a block showing a sample's call is followed, in its tab, by the whole file behind a closed toggle", () => {
  let parts = 0;
  for (const route of builtSitemapPaths().filter((route) => route.startsWith('/api/'))) {
    const $ = builtPage(route);
    for (const block of $('.theme-code-block').toArray()) {
      const title = $(block).find('[class*="codeBlockTitle"]').first().text();
      if (!/, lines \d+–\d+$/.test(title)) continue;
      parts += 1;
      const file = sampleFileOf(title);
      const lines = readFileSync(file, 'utf8').replace(/\n$/, '').split('\n').length;
      const toggle = $(block).next('details');
      expect(toggle.attr('open'), `${route}: ${title} is followed by a closed toggle`).toBeUndefined();
      expect(toggle.children('summary').text(), `${route}: ${title}`).toBe(
        `The whole tested file, ${file} (${lines} lines)`,
      );
      expect(toggle.find('[class*="codeBlockTitle"]').text(), `${route}: ${title}`).toBe(file);
    }
  }
  // Every operation's tabs: 13 calls in curl, Node.js and Python, and the webhook's script in two.
  expect(parts).toBe(13 * 3 + 2);
});
