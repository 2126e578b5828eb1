import {describe, expect, test} from 'vitest';
import {readPage} from '../../../plugins/built-site';

// The same page twice: as webpack's HTML minifier leaves it (quoted attributes)
// and as Docusaurus Faster's (@swc/html) writes it, unquoted and minified.
const colorMode = 'document.documentElement.dataset.theme="light"';
const moduleScript = 'import("/assets/js/x.js")';

const quoted = `<!doctype html>
<html lang="en" dir="ltr"><head><meta charset="UTF-8">
<title data-rh="true">Payments &amp; &quot;refunds&quot; &#8212; A&lt;B | Coinwharf Docs</title>
<meta data-rh="true" name="description" content="Price in fiat &amp; get paid in crypto.">
<meta data-rh="true" property="og:image" content="https://docs.coinwharf.com/img/social/payments/index.png">
<link data-rh="true" rel="icon" href="/img/favicon.svg">
<link data-rh="true" rel="canonical" href="https://docs.coinwharf.com/payments/">
<script type="application/ld+json">{"@context":"https://schema.org","name":"x"}</script>
<script src="/assets/js/main.js" defer="defer"></script>
<script>${colorMode}</script>
<script type="module">${moduleScript}</script>
</head><body><h1>Payments</h1><h2 class="anchor" id="before-you-start">Before you start</h2>
<h3 id="keys">Keys</h3><h2>No id</h2><p id="not-a-heading">x</p><h6 id="last">Last</h6>
<pre><code>&lt;script&gt;not a script&lt;/script&gt;</code></pre></body></html>`;

const minified =
  '<!doctype html><html lang=en dir=ltr><head><meta charset=UTF-8>' +
  '<title data-rh=true>Payments &amp; "refunds" — A&lt;B | Coinwharf Docs</title>' +
  '<meta data-rh=true name=description content="Price in fiat & get paid in crypto.">' +
  '<meta data-rh=true property=og:image content=https://docs.coinwharf.com/img/social/payments/index.png>' +
  '<link data-rh=true rel=icon href=/img/favicon.svg>' +
  '<link data-rh=true rel=canonical href=https://docs.coinwharf.com/payments/>' +
  '<script type=application/ld+json>{"@context":"https://schema.org","name":"x"}</script>' +
  '<script src=/assets/js/main.js defer></script>' +
  `<script>${colorMode}</script><script type=module>${moduleScript}</script>` +
  '</head><body><h1>Payments</h1><h2 class=anchor id=before-you-start>Before you start</h2>' +
  '<h3 id=keys>Keys</h3><h2>No id</h2><p id=not-a-heading>x<h6 id=last>Last</h6></body>';

describe('readPage', () => {
  for (const [form, html] of [
    ['quoted (webpack)', quoted],
    ['unquoted and minified (Faster)', minified],
  ]) {
    test(`reads the head of a page, ${form}`, () => {
      expect(readPage(html)).toEqual({
        canonical: 'https://docs.coinwharf.com/payments/',
        title: 'Payments & "refunds" — A<B | Coinwharf Docs',
        description: 'Price in fiat & get paid in crypto.',
        ogImage: 'https://docs.coinwharf.com/img/social/payments/index.png',
        // Not the JSON-LD (data), not the src script.
        inlineScripts: ['document.documentElement.dataset.theme="light"', 'import("/assets/js/x.js")'],
        // h2–h6 with an id, quoted or not; not the h1, not a heading without one, not a paragraph's.
        headingIds: ['before-you-start', 'keys', 'last'],
      });
    });
  }

  test('gives script text back byte for byte: whitespace, entities and "<" untouched', () => {
    const body = '\n  if (a < b && c) { x = "&amp;"; }  // </scrip\n';
    expect(readPage(`<head><script>${body}</script></head>`).inlineScripts).toEqual([body]);
  });

  test('runs only JavaScript types: data blocks and src scripts are not inline scripts', () => {
    const html = [
      '<script type="text/javascript">a()</script>',
      '<script type=" Module ">b()</script>',
      '<script type="application/x-javascript">c()</script>',
      '<script type="">d()</script>',
      '<script type="application/json">{"e":1}</script>',
      '<script type="text/plain">f</script>',
      '<script src="/g.js">ignored()</script>',
    ].join('');
    expect(readPage(html).inlineScripts).toEqual(['a()', 'b()', 'c()', 'd()']);
  });

  test('a page without those tags has none of them', () => {
    expect(readPage('<html><head></head><body><p>hi</p></body></html>')).toEqual({
      canonical: undefined,
      title: undefined,
      description: undefined,
      ogImage: undefined,
      inlineScripts: [],
      headingIds: [],
    });
  });

  test('the first canonical link counts, rel may hold several words', () => {
    const html =
      '<link rel="alternate canonical" href="https://a.example/one"><link rel=canonical href=https://a.example/two>';
    expect(readPage(html).canonical).toBe('https://a.example/one');
  });
});
