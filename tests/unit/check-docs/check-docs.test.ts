import {cpSync, mkdirSync, symlinkSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, test} from 'vitest';
import {brokenLinks, buildProblems, closestHeading} from '../../../scripts/check-docs/build';
import {checkSampleFiles} from '../../../scripts/check-docs/samples';
import {hasAnchorLink} from '../../../scripts/check-docs/sources';
import {checkSpelling} from '../../../scripts/check-docs/spelling';
import {tempSite} from '../../support/temp-site';

// The parts of `npm run check:docs` that turn a tool's output into `file:line: what; fix`.
// The whole command is run on a copy of the repository by tests/e2e/writer-walkthrough.spec.ts.

const repo = path.resolve(__dirname, '../../..');

/** A temp site with the project's spelling config, `files` placed as given. */
function spellingSite(files: Record<string, string>): string {
  const site = tempSite({});
  for (const file of ['cspell.json', 'project-words.txt', '.cspell']) {
    cpSync(path.join(repo, file), path.join(site, file), {recursive: true});
  }
  symlinkSync(path.join(repo, 'node_modules'), path.join(site, 'node_modules'));
  for (const [to, from] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(site, to)), {recursive: true});
    cpSync(path.join(repo, 'tests/fixtures/lint/british', from), path.join(site, to));
  }
  return site;
}

describe('spelling', {timeout: 60_000}, () => {
  test('a US spelling in prose is named with its line and the British word to write', async () => {
    const site = spellingSite({'docs/us-spelling.mdx': 'us-spelling.mdx'});
    const {problems} = await checkSpelling(site);
    expect(problems.map(({file, line, message}) => `${file}:${line}: ${message}`)).toEqual([
      'docs/us-spelling.mdx:7: "color" is US spelling; write the British "colour" (house style), or, if it is code (an API value, a CSS property), put it in backticks.',
      'docs/us-spelling.mdx:7: "behavior" is US spelling; write the British "behaviour" (house style), or, if it is code (an API value, a CSS property), put it in backticks.',
      'docs/us-spelling.mdx:7: "canceled" is US spelling; write the British "cancelled" (house style), or, if it is code (an API value, a CSS property), put it in backticks.',
    ]);
  });

  test('code keeps its spelling: code spans, blocks, imports, JSX, links, expressions and heading ids in a doc, and CSS files', async () => {
    const site = spellingSite({
      'docs/code-stays-code.mdx': 'code-stays-code.mdx',
      'src/css/badge.module.css': 'style.module.css',
    });
    const result = await checkSpelling(site);
    expect(result.problems).toEqual([]);
    expect(result.note).toBe('2 files');
  });
});

describe('build report', () => {
  test("the build's broken-anchor list becomes the page, the link and where it points", () => {
    const output = [
      '[WARNING] Docusaurus found broken anchors!',
      '',
      'Exhaustive list of all broken anchors found:',
      '- Broken anchor on source page path = /payments/quickstart:',
      '   -> linking to ./webhook-guide.mdx#nope (resolved as: /payments/webhook-guide#nope)',
      '   -> linking to /welcome#gone',
      '- Broken link on source page path = /payments/:',
      '   -> linking to /payments/missing',
      '',
    ].join('\n');
    expect(brokenLinks(output, 'anchor')).toEqual([
      {page: '/payments/quickstart', link: './webhook-guide.mdx#nope', resolved: '/payments/webhook-guide#nope'},
      {page: '/payments/quickstart', link: '/welcome#gone', resolved: '/welcome#gone'},
    ]);
    expect(brokenLinks(output, 'link')).toEqual([
      {page: '/payments/', link: '/payments/missing', resolved: '/payments/missing'},
    ]);
  });

  test('a missing anchor one typo away from a heading of the built page gets that heading as a hint, as the minified build writes it', () => {
    // Docusaurus Faster's minifier leaves ids unquoted; the webpack build quotes them.
    const site = tempSite({
      'build/payments/webhook-guide/index.html':
        '<!doctype html><html lang=en><body><h1>Webhooks</h1>' +
        '<h2 class="anchor anchorTargetStickyNavbar_Vzrq" id=verify-the-signature>Verify the signature</h2>' +
        '<h3 class=anchor id=headers>Headers</h3><p id=not-a-heading-but-close>x</p></body></html>',
      'build/welcome/index.html': '<h2 class="anchor" id="before-you-start">Before you start</h2>',
    });
    expect(closestHeading(site, '/payments/webhook-guide', 'verify-the-signatures')).toBe('verify-the-signature');
    expect(closestHeading(site, '/payments/webhook-guide/', 'header')).toBe('headers');
    expect(closestHeading(site, '/welcome', 'before-you-star')).toBe('before-you-start');
    // Nothing close: no hint, rather than a wrong one; and an id that is not a heading's is no section.
    expect(closestHeading(site, '/payments/webhook-guide', 'no-such-heading')).toBeUndefined();
    expect(closestHeading(site, '/payments/webhook-guide', 'not-a-heading-but-clos')).toBeUndefined();
    expect(closestHeading(site, '/payments/missing', 'headers')).toBeUndefined();
  });

  test('a link to a missing heading is named at its source line, with the heading one typo away, and the build counts as passed', () => {
    // What the build leaves for check:docs: the routes' sources (.docusaurus), the built target page,
    // and, in its output, the warning the real build prints (build-rules.spec.ts reads a real one).
    const site = tempSite({
      '.docusaurus/docusaurus-plugin-content-docs/default/site-docs-payments-new-page-mdx-1a2.json': JSON.stringify({
        permalink: '/payments/new-page',
        source: '@site/docs/payments/new-page.mdx',
      }),
      'docs/payments/new-page.mdx':
        '---\ntitle: New page\n---\n\nIntro.\n\nSee [the check](/payments/webhook-guide#verify-the-signatures).\n',
      'build/payments/webhook-guide/index.html': '<h2 class=anchor id=verify-the-signature>Verify the signature</h2>',
    });
    const output = [
      '[WARNING] Docusaurus found broken anchors!',
      '- Broken anchor on source page path = /payments/new-page:',
      '   -> linking to /payments/webhook-guide#verify-the-signatures',
      '[SUCCESS] Generated static files in "build".',
    ].join('\n');
    expect(buildProblems(site, output, 0)).toEqual({
      problems: [
        {
          file: 'docs/payments/new-page.mdx',
          line: 7,
          message:
            'link to /payments/webhook-guide#verify-the-signatures: no heading "verify-the-signatures" on that page; fix the anchor (did you mean #verify-the-signature?) or the heading.',
        },
      ],
      note: 'built; every link resolves',
    });
  });

  test('an anchor is found in a Markdown link, a JSX href and an autolink, and not as a prefix of another', () => {
    expect(hasAnchorLink('see [it](./a.mdx#the-payment)', 'the-payment')).toBe(true);
    expect(hasAnchorLink('<a href="/a#the-payment">it</a>', 'the-payment')).toBe(true);
    expect(hasAnchorLink('<https://x.test/a#the-payment>', 'the-payment')).toBe(true);
    expect(hasAnchorLink('see [it](./a.mdx#the-payment-object)', 'the-payment')).toBe(false);
  });
});

describe('sample files', () => {
  test('a sample fence naming a missing file, or one no test runs, is named with its line and the fix', () => {
    const site = tempSite({
      'docs/page.mdx': [
        '---',
        'id: page',
        '---',
        '',
        '```ts file=examples/api/missing.ts',
        '```',
        '',
        '```ts file=examples/api/untested.ts',
        '```',
        '',
      ].join('\n'),
      'examples/api/untested.ts': 'console.log(1);\n',
      'tests/samples/other.spec.ts': '// runs examples/api/other.ts\n',
    });
    expect(checkSampleFiles(site).problems.map(({file, line, message}) => `${file}:${line}: ${message}`)).toEqual([
      'docs/page.mdx:5: sample file examples/api/missing.ts does not exist; create it, or fix the path after file= (it starts at the repository root: examples/<folder>/<file>).',
      'docs/page.mdx:8: no test in tests/samples/ runs examples/api/untested.ts; add a spec that names the file (CONTRIBUTING.md, "Test the sample", has a template).',
    ]);
  });
});
