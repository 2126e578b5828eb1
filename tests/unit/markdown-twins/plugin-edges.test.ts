import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {expect, test} from 'vitest';
import markdownTwinsPlugin from '../../../plugins/markdown-twins';
import {tempSite} from '../../support/temp-site';

// The twins plugin on sites at the edges: one with no docs or blog at all, and
// links that only a careful reading resolves (a link from the docs root, a .md
// page, a colon in a query, a sidebar `ref`).

type Props<K extends 'allContentLoaded' | 'postBuild'> = Parameters<NonNullable<Plugin[K]>>[0];
const options = {summary: 'Summary.', details: 'Details.', home: {title: 'Home', description: 'The home page.'}};

async function build(siteDir: string, allContent: unknown): Promise<(file: string) => string> {
  const context = {siteDir, siteConfig: {url: 'https://docs.example.test', title: 'Example'}} as unknown as LoadContext;
  const plugin = markdownTwinsPlugin(context, options);
  await plugin.allContentLoaded!({allContent} as unknown as Props<'allContentLoaded'>);
  const outDir = tempSite({});
  await plugin.postBuild!({outDir} as unknown as Props<'postBuild'>);
  return (file) =>
    existsSync(path.join(outDir, file)) ? readFileSync(path.join(outDir, file), 'utf8') : 'no such file';
}

test('a site with neither docs nor blog lists only its home page', async () => {
  const read = await build(tempSite({}), {});
  expect(read('llms.txt')).toBe(
    '# Example\n\n> Summary.\n\nDetails.\n\nEvery doc, page and changelog entry in one file: <https://docs.example.test/llms-full.txt>\n\n## Pages\n\n- [Home](https://docs.example.test/): The home page.\n',
  );
  expect(read('llms-full.txt')).toBe('# Example\n\n> Summary.\n');
});

test('links resolved from the docs root, to a .md page, with a colon in the query; a sidebar ref orders nothing', async () => {
  const siteDir = tempSite({
    'docs/guide/setup.mdx':
      'See [payments](payments/index.mdx), [about](../../src/pages/about.md), [a time](/about?at=t:1), [a colon](payments/index.mdx?from=a:b) and [a ref](../payments/?from=a:b).\n',
    'docs/payments/index.mdx': 'Payments.\n',
    'src/pages/about.md': 'About.\n',
  });
  const doc = (id: string, permalink: string, title: string) => ({
    id,
    title,
    description: `${title}.`,
    permalink,
    source: `@site/docs/${id}.mdx`,
  });
  const read = await build(siteDir, {
    'docusaurus-plugin-content-docs': {
      default: {
        loadedVersions: [
          {
            contentPath: path.join(siteDir, 'docs'),
            // A ref only points at a doc of another sidebar: it does not place it.
            sidebars: {
              docs: [
                {type: 'ref', id: 'payments/index'},
                {type: 'doc', id: 'guide/setup'},
              ],
            },
            docs: [doc('payments/index', '/payments/', 'Payments'), doc('guide/setup', '/guide/setup', 'Set up')],
          },
        ],
      },
    },
    'docusaurus-plugin-content-pages': {
      default: [
        {type: 'mdx', permalink: '/about', source: '@site/src/pages/about.md', title: 'About', description: ''},
      ],
    },
  });
  expect(read('guide/setup.md')).toBe(
    '---\ntitle: "Set up"\ndescription: "Set up."\n---\n\n# Set up\n\nSee [payments](https://docs.example.test/payments/index.md), [about](https://docs.example.test/about.md), [a time](https://docs.example.test/about.md?at=t:1), [a colon](https://docs.example.test/payments/index.md?from=a:b) and [a ref](https://docs.example.test/payments/index.md?from=a:b).\n',
  );
  expect(read('llms.txt')).toContain(
    '## Docs\n\n- [Set up](https://docs.example.test/guide/setup.md): Set up.\n- [Payments](https://docs.example.test/payments/index.md): Payments.\n',
  );
});

test('links to a home page written in MDX go to its twin, by path or by file; a page without title or description gets empty ones', async () => {
  const siteDir = tempSite({
    'docs/guide.mdx': '[home](/), [again](/?x=1) and [file](../src/pages/index.mdx).\n',
    'src/pages/index.mdx': 'Home.\n',
  });
  const read = await build(siteDir, {
    'docusaurus-plugin-content-docs': {
      default: {
        loadedVersions: [
          {
            contentPath: path.join(siteDir, 'docs'),
            sidebars: {},
            docs: [
              {id: 'guide', title: 'Guide', description: 'Guide.', permalink: '/guide', source: '@site/docs/guide.mdx'},
            ],
          },
        ],
      },
    },
    'docusaurus-plugin-content-pages': {default: [{type: 'mdx', permalink: '/', source: '@site/src/pages/index.mdx'}]},
  });
  expect(read('guide.md')).toBe(
    '---\ntitle: "Guide"\ndescription: "Guide."\n---\n\n# Guide\n\n[home](https://docs.example.test/index.md), [again](https://docs.example.test/index.md?x=1) and [file](https://docs.example.test/index.md).\n',
  );
  expect(read('index.md')).toBe('---\ntitle: ""\ndescription: ""\n---\n\n# \n\nHome.\n');
});
