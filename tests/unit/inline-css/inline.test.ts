import {expect, test} from 'vitest';
import {inlineStylesheets} from '../../../plugins/inline-css/inline';

const css: Record<string, string> = {'/assets/css/styles.1a2b.css': 'body{color:red}'};
const read = (href: string) => css[href];

test("the site's stylesheet link becomes a <style> holding it, as the minifier writes the link", () => {
  expect(
    inlineStylesheets('<head><link rel=stylesheet href=/assets/css/styles.1a2b.css /></head>', '/assets/css/', read),
  ).toBe('<head><style>body{color:red}</style></head>');
  expect(inlineStylesheets('<link rel="stylesheet" href="/assets/css/styles.1a2b.css">', '/assets/css/', read)).toBe(
    '<style>body{color:red}</style>',
  );
});

test('a stylesheet from elsewhere stays a link; other links are left alone', () => {
  const html =
    '<link rel=stylesheet href=/fonts/extra.css><link rel=preload href=/assets/js/main.js as=script><link rel=icon href=/img/favicon.svg>';
  expect(inlineStylesheets(html, '/assets/css/', read)).toBe(html);
});

test('a stylesheet that would end the <style> element fails the build, naming it', () => {
  expect(() =>
    inlineStylesheets('<link rel=stylesheet href=/assets/css/bad.css>', '/assets/css/', () => 'a{content:"</style>"}'),
  ).toThrow('inline-css: /assets/css/bad.css contains "</style" and cannot be inlined');
});

test("Docusaurus's rule hiding the wrong-base-URL banner once CSS loads goes: inlined, the CSS always loads", () => {
  const withRule = () => 'a{color:red}#__docusaurus-base-url-issue-banner-container{display:none}b{color:blue}';
  expect(inlineStylesheets('<link rel=stylesheet href=/assets/css/s.css>', '/assets/css/', withRule)).toBe(
    '<style>a{color:red}b{color:blue}</style>',
  );
});
