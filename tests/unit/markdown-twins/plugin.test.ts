import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {describe, expect, test} from 'vitest';
import markdownTwinsPlugin from '../../../plugins/markdown-twins';
import {tempSite} from '../../support/temp-site';

// The twins plugin's lifecycle on a small site written here: the content the
// docs, pages and blog plugins loaded goes in through allContentLoaded, and
// postBuild writes the twins, llms.txt and llms-full.txt into a build folder.

const siteDir = tempSite({
  'docs/intro.mdx': [
    '---',
    'title: Intro',
    '---',
    '',
    'Read [the setup](./guide/setup.mdx#step), [payments](/payments/), [the same](./payments/index.mdx),',
    '[about](/about?tab=1), [this page](#top), [the logo](/img/logo.svg), [a missing file](./nope.mdx),',
    '[an outside site](https://example.com/x), [a CDN](//cdn.example.test/x) and [a page](./guide/setup).',
    '',
  ].join('\n'),
  'docs/guide/setup.mdx': '# Set up\n\nFirst [back](../intro.mdx).\n',
  'docs/payments/index.mdx': 'Payments.\n',
  'docs/draft.mdx': 'Not listed.\n',
  'docs/extra.mdx': 'In no sidebar.\n',
  'src/pages/about.md': 'About [the intro](/intro).\n',
  'src/pages/secret.md': 'Hidden.\n',
  'blog/2026-01-02-release.md': 'Released [setup](/guide/setup).\n',
  'blog/2026-01-01-hidden.md': 'Hidden.\n',
});

const doc = (id: string, permalink: string, title: string, unlisted = false) => ({
  id,
  title,
  description: `${title} description.`,
  permalink,
  source: `@site/docs/${id}.mdx`,
  unlisted,
});
const allContent = {
  'docusaurus-plugin-content-docs': {
    default: {
      loadedVersions: [
        {
          contentPath: path.join(siteDir, 'docs'),
          // The sidebar reads: Payments, then the Guide category (its link is Set up), holding Intro.
          sidebars: {
            docs: [
              {type: 'doc', id: 'payments/index'},
              {type: 'category', link: {type: 'doc', id: 'guide/setup'}, items: [{type: 'doc', id: 'intro'}]},
              {type: 'link', href: 'https://example.com'},
            ],
          },
          docs: [
            doc('extra', '/extra', 'Extra'),
            doc('intro', '/intro', 'Intro'),
            doc('draft', '/draft', 'Draft', true),
            doc('guide/setup', '/guide/setup', 'Set up'),
            doc('payments/index', '/payments/', 'Payments'),
          ],
        },
      ],
    },
  },
  'docusaurus-plugin-content-pages': {
    default: [
      {type: 'jsx', permalink: '/', source: '@site/src/pages/index.tsx'},
      {type: 'mdx', permalink: '/about', source: '@site/src/pages/about.md', title: 'About', description: 'Who.'},
      {type: 'mdx', permalink: '/secret', source: '@site/src/pages/secret.md', unlisted: true},
    ],
  },
  'docusaurus-plugin-content-blog': {
    default: {
      blogPosts: [
        {
          metadata: {
            title: 'Release',
            description: 'What changed.',
            permalink: '/changelog/release',
            source: '@site/blog/2026-01-02-release.md',
            unlisted: false,
          },
        },
        {
          metadata: {
            title: 'Hidden',
            description: 'Hidden.',
            permalink: '/changelog/hidden',
            source: '@site/blog/2026-01-01-hidden.md',
            unlisted: true,
          },
        },
      ],
    },
  },
};

const options = {
  summary: 'Docs for   the\nexample.',
  details: 'Details here.',
  home: {title: 'Home', description: 'The home page.'},
};
const context = {
  siteDir,
  siteConfig: {url: 'https://docs.example.test/', title: 'Example Docs'},
} as unknown as LoadContext;

type Props<K extends 'allContentLoaded' | 'postBuild'> = Parameters<NonNullable<Plugin[K]>>[0];

/**
 * A build folder after the plugin's hooks ran on the site above; a reader of its files.
 * Each test builds its own, inside the test, so coverage tools see the hooks run there.
 */
async function build(): Promise<(file: string) => string> {
  const plugin = markdownTwinsPlugin(context, options);
  await plugin.allContentLoaded!({allContent} as unknown as Props<'allContentLoaded'>);
  const outDir = tempSite({'intro.html': '<html></html>'});
  await plugin.postBuild!({outDir} as unknown as Props<'postBuild'>);
  return (file) =>
    existsSync(path.join(outDir, file)) ? readFileSync(path.join(outDir, file), 'utf8') : 'no such file';
}

describe('Markdown twins plugin', () => {
  test('is named, and brings its theme (the Copy page control)', () => {
    const plugin = markdownTwinsPlugin(context, options);
    expect(plugin.name).toBe('coinwharf-markdown-twins');
    expect(plugin.getThemePath!()).toBe(path.resolve('plugins/markdown-twins/theme'));
  });

  test('writes a twin beside each listed page, none for unlisted or JSX pages', async () => {
    const read = await build();
    expect(read('intro.md').split('\n').slice(0, 5)).toEqual([
      '---',
      'title: "Intro"',
      'description: "Intro description."',
      '---',
      '',
    ]);
    expect(read('guide/setup.md')).toBe(
      '---\ntitle: "Set up"\ndescription: "Set up description."\n---\n\n# Set up\n\nFirst [back](https://docs.example.test/intro.md).\n',
    );
    expect(read('payments/index.md')).toBe(
      '---\ntitle: "Payments"\ndescription: "Payments description."\n---\n\n# Payments\n\nPayments.\n',
    );
    expect(read('about.md')).toBe(
      '---\ntitle: "About"\ndescription: "Who."\n---\n\n# About\n\nAbout [the intro](https://docs.example.test/intro.md).\n',
    );
    expect(read('changelog/release.md')).toBe(
      '---\ntitle: "Release"\ndescription: "What changed."\n---\n\n# Release\n\nReleased [setup](https://docs.example.test/guide/setup.md).\n',
    );
    for (const hidden of ['draft.md', 'secret.md', 'changelog/hidden.md', 'index.md'])
      expect(read(hidden)).toBe('no such file');
  });

  test('points internal links at the twins, other site files at their URL, and leaves the rest as written', async () => {
    const read = await build();
    expect(read('intro.md').split('\n---\n\n')[1]).toBe(
      [
        '# Intro',
        '',
        'Read [the setup](https://docs.example.test/guide/setup.md#step), [payments](https://docs.example.test/payments/index.md), [the same](https://docs.example.test/payments/index.md),',
        '[about](https://docs.example.test/about.md?tab=1), [this page](https://docs.example.test/intro.md#top), [the logo](https://docs.example.test/img/logo.svg), [a missing file](./nope.mdx),',
        '[an outside site](https://example.com/x), [a CDN](//cdn.example.test/x) and [a page](https://docs.example.test/guide/setup.md).',
        '',
      ].join('\n'),
    );
  });

  test('llms.txt lists the docs in sidebar order, then the pages with the home first, then the changelog', async () => {
    const read = await build();
    expect(read('llms.txt')).toBe(
      [
        '# Example Docs',
        '',
        '> Docs for the example.',
        '',
        'Details here.',
        '',
        'Every doc, page and changelog entry in one file: <https://docs.example.test/llms-full.txt>',
        '',
        '## Docs',
        '',
        '- [Payments](https://docs.example.test/payments/index.md): Payments description.',
        '- [Set up](https://docs.example.test/guide/setup.md): Set up description.',
        '- [Intro](https://docs.example.test/intro.md): Intro description.',
        '- [Extra](https://docs.example.test/extra.md): Extra description.',
        '',
        '## Pages',
        '',
        '- [Home](https://docs.example.test/): The home page.',
        '- [About](https://docs.example.test/about.md): Who.',
        '',
        '## Optional',
        '',
        '- [Release](https://docs.example.test/changelog/release.md): What changed.',
        '',
      ].join('\n'),
    );
  });

  test('llms-full.txt holds every twin, the docs in sidebar order, then the pages and the changelog, each under its page URL', async () => {
    const read = await build();
    const full = read('llms-full.txt');
    expect(full.split('\n').filter((line) => /^(# |Source: )/.test(line))).toEqual([
      '# Example Docs',
      '# Payments',
      'Source: <https://docs.example.test/payments/>',
      '# Set up',
      'Source: <https://docs.example.test/guide/setup>',
      '# Intro',
      'Source: <https://docs.example.test/intro>',
      '# Extra',
      'Source: <https://docs.example.test/extra>',
      '# About',
      'Source: <https://docs.example.test/about>',
      '# Release',
      'Source: <https://docs.example.test/changelog/release>',
    ]);
    expect(full).toContain(
      '\n\nSource: <https://docs.example.test/guide/setup>\n\nFirst [back](https://docs.example.test/intro.md).\n\n',
    );
  });
});
