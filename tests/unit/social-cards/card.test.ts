import {describe, expect, test} from 'vitest';
import {readPage} from '../../../plugins/built-site';
import {cardOf} from '../../../plugins/social-cards';
import {socialCardPath} from '../../../plugins/social-cards/socialCard';

const site = {
  url: 'https://docs.coinwharf.com',
  title: 'Coinwharf Docs',
  titleDelimiter: '|',
  tagline: 'Integrate Crypto into Real-World Applications',
};
const page = (html: string, file = '/payments/index.html') => ({file, ...readPage(html)});

describe('cardOf', () => {
  const expected = {
    target: '/img/social/payments/index.png',
    text: {
      title: 'Payments & refunds',
      description: 'Price in fiat & get paid in "crypto".',
      address: 'docs.coinwharf.com/payments',
    },
  };

  test.each([
    [
      'quoted HTML (webpack)',
      '<head><title>Payments &amp; refunds | Coinwharf Docs</title>' +
        '<meta name="description" content="Price in fiat &amp; get paid in &quot;crypto&quot;.">' +
        '<meta property="og:image" content="https://docs.coinwharf.com/img/social/payments/index.png">' +
        '<link rel="canonical" href="https://docs.coinwharf.com/payments/"></head>',
    ],
    [
      'unquoted, minified HTML (Faster)',
      '<head><title>Payments &amp; refunds | Coinwharf Docs</title>' +
        '<meta name=description content=\'Price in fiat & get paid in "crypto".\'>' +
        '<meta property=og:image content=https://docs.coinwharf.com/img/social/payments/index.png>' +
        '<link rel=canonical href=https://docs.coinwharf.com/payments/></head>',
    ],
  ])('%s: the page title without the site name, the description, the canonical address', (_form, html) => {
    expect(cardOf(page(html), site)).toEqual(expected);
  });

  test('falls back to the site title, tagline and address', () => {
    const html = '<head><meta property=og:image content=https://docs.coinwharf.com/img/social/index.png></head>';
    expect(cardOf(page(html, '/index.html'), site)).toEqual({
      target: '/img/social/index.png',
      text: {
        title: 'Coinwharf Docs',
        description: 'Integrate Crypto into Real-World Applications',
        address: 'docs.coinwharf.com',
      },
    });
  });

  test('the address at the foot is the canonical URL without its scheme, http or https, and its last slash', () => {
    const withCanonical = (href: string) =>
      cardOf(
        page(
          `<meta property=og:image content=https://docs.coinwharf.com/img/social/index.png><link rel=canonical href=${href}>`,
          '/index.html',
        ),
        site,
      )!.text.address;
    expect(withCanonical('http://docs.coinwharf.com/payments/')).toBe('docs.coinwharf.com/payments');
    expect(withCanonical('https://docs.coinwharf.com/payments')).toBe('docs.coinwharf.com/payments');
    expect(withCanonical('/payments/')).toBe('/payments');
  });

  test('no card for a page whose og:image is elsewhere, or missing', () => {
    expect(cardOf(page('<meta property="og:image" content="https://cdn.example/x.png">'), site)).toBeUndefined();
    expect(cardOf(page('<title>Search | Coinwharf Docs</title>'), site)).toBeUndefined();
  });
});

describe('socialCardPath', () => {
  test.each([
    ['/', '/img/social/index.png'],
    ['/payments/', '/img/social/payments/index.png'],
    ['/welcome', '/img/social/welcome.png'],
    ['/404.html', '/img/social/404.png'],
    ['//double/', '/img/social/double/index.png'],
    ['/docs.html.bak', '/img/social/docs.html.bak.png'],
    ['', '/img/social/index.png'],
    ['docs/a/b', '/img/social/docs/a/b.png'],
  ])('%s -> %s', (pathname, card) => {
    expect(socialCardPath(pathname)).toBe(card);
  });
});
