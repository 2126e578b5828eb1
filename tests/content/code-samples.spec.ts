import {readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {exampleFiles, markdownSources} from '../support/content';
import {builtPage} from '../support/built-html';
import {builtSitemapPaths} from '../support/site';

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
      const file = title?.replace(/^examples\//, '');
      if (!title?.startsWith('examples/') || !file || !exampleFiles.includes(file)) {
        problems.push(`${route}: a ${lines.length}-line block titled ${JSON.stringify(title)} is not an example file`);
      } else if (code !== readFileSync(path.join('examples', file), 'utf8').trimEnd()) {
        problems.push(`${route}: ${title} differs from the file`);
      }
    }
  }
  expect(shown).toBeGreaterThan(10);
  expect(problems).toEqual([]);
});
