import {expect, test} from 'vitest';
import {llmsFullTxt, llmsTxt} from '../../../plugins/markdown-twins/llms';

// /llms.txt and /llms-full.txt from a literal site, whole.

const site = {
  name: 'Coinwharf docs',
  summary: 'Crypto payments:\n  create a payment,   get a webhook.',
  details: '\nEvery doc has a Markdown twin.\n\n',
  sections: [
    {
      title: 'Docs',
      pages: [
        {title: 'Quickstart', description: 'Take a\npayment.', url: 'https://docs.example.test/payments/quickstart.md'},
        {title: 'Webhook  guide', description: ' Verify. ', url: 'https://docs.example.test/payments/webhook-guide.md'},
      ],
    },
    {title: 'Empty', pages: []},
    {
      title: 'Optional',
      pages: [{title: 'Changelog', description: 'News.', url: 'https://docs.example.test/changelog'}],
    },
  ],
};

test('llms.txt: h1, one-line summary, details, then a section of links per non-empty group', () => {
  expect(llmsTxt(site)).toBe(
    [
      '# Coinwharf docs',
      '',
      '> Crypto payments: create a payment, get a webhook.',
      '',
      'Every doc has a Markdown twin.',
      '',
      '## Docs',
      '',
      '- [Quickstart](https://docs.example.test/payments/quickstart.md): Take a payment.',
      '- [Webhook guide](https://docs.example.test/payments/webhook-guide.md): Verify.',
      '',
      '## Optional',
      '',
      '- [Changelog](https://docs.example.test/changelog): News.',
      '',
    ].join('\n'),
  );
});

test('llms-full.txt: every twin in order, its page URL under its h1', () => {
  const full = llmsFullTxt(site, [
    {pageUrl: 'https://docs.example.test/welcome', markdown: '\n# Welcome\n\nHello.\n\n# Not the h1\n'},
    {pageUrl: 'https://docs.example.test/payments/', markdown: '# Payments\nText.'},
    {pageUrl: 'https://docs.example.test/glossary', markdown: 'In C# too.\n\n# Glossary'},
  ]);
  expect(full).toBe(
    [
      '# Coinwharf docs',
      '',
      '> Crypto payments: create a payment, get a webhook.',
      '',
      '# Welcome',
      '',
      'Source: <https://docs.example.test/welcome>',
      '',
      'Hello.',
      '',
      '# Not the h1',
      '',
      '# Payments',
      '',
      'Source: <https://docs.example.test/payments/>',
      'Text.',
      '',
      'In C# too.',
      '',
      '# Glossary',
      '',
      'Source: <https://docs.example.test/glossary>',
      '',
    ].join('\n'),
  );
});
