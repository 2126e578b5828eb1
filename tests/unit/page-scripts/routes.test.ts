import {describe, expect, test} from 'vitest';
import {runInNewContext} from 'node:vm';
import {pageBundle, routeChain, routeFiles, withPageBundle, type RouteNode} from '../../../plugins/page-scripts/routes';

// The route tree as Docusaurus generates it for a docs site served from the root: the changelog's
// exact routes, the home page, then the docs' nested layout routes, then the not-found route.
const tree: RouteNode[] = [
  {path: '/changelog', exact: true, component: '/changelog-e2f'},
  {path: '/', exact: true, component: '/-e5f'},
  {
    path: '/',
    component: '/-965',
    routes: [
      {
        path: '/',
        component: '/-fbb',
        routes: [
          {
            path: '/',
            component: '/-19b',
            routes: [
              {path: '/payments/', exact: true, component: '/payments/-de7'},
              {path: '/payments/quickstart', exact: true, component: '/payments/quickstart-18d'},
            ],
          },
        ],
      },
    ],
  },
  {path: '*', component: '*'},
];

describe('the routes a page renders', () => {
  test('a doc: each nested layout route, outermost first, then the doc itself', () => {
    expect(routeChain(tree, '/payments/quickstart')).toEqual(['/-965', '/-fbb', '/-19b', '/payments/quickstart-18d']);
  });

  test('an exact route matches its path only, with or without a final slash; the first match at a level wins', () => {
    expect(routeChain(tree, '/')).toEqual(['/-e5f']);
    expect(routeChain(tree, '/changelog/')).toEqual(['/changelog-e2f']);
    expect(routeChain(tree, '/payments')).toEqual(['/-965', '/-fbb', '/-19b', '/payments/-de7']);
  });

  test('a path no leaf matches ends its chain where matching stops; `*` matches what the rest does not', () => {
    expect(routeChain(tree, '/payments/nothing')).toEqual(['/-965', '/-fbb', '/-19b']);
    expect(routeChain(tree.slice(0, 2).concat(tree[3]), '/404.html')).toEqual(['*']);
  });
});

test("a chain's files: every chunk name of each route, nested ones included, each file once, in order", () => {
  const chunkNames = {
    '/-965': {__comp: '5e95c892', __context: {plugin: 'aba21aa0'}},
    '/payments/quickstart-18d': {__comp: '17896441', content: '8d0b4001', items: [{content: 'ab'}]},
  };
  const groups = {
    '5e95c892': ['assets/js/5e95c892.1.js'],
    aba21aa0: ['assets/js/aba21aa0.2.js'],
    '17896441': ['assets/js/6344.3.js', 'assets/js/17896441.4.js'],
    '8d0b4001': ['assets/js/6344.3.js', 'assets/js/8d0b4001.5.js'],
    ab: ['assets/js/ab.6.js'],
  };
  expect(routeFiles(['/-965', '/-fbb', '/payments/quickstart-18d'], chunkNames, groups)).toEqual([
    'assets/js/5e95c892.1.js',
    'assets/js/aba21aa0.2.js',
    'assets/js/6344.3.js',
    'assets/js/17896441.4.js',
    'assets/js/8d0b4001.5.js',
    'assets/js/ab.6.js',
  ]);
});

describe("a page's bundle", () => {
  const chunk = (id: string) =>
    `"use strict";(self.webpackChunkcoinwharf_docs=self.webpackChunkcoinwharf_docs||[]).push([["${id}"],{${id}(){}}]);`;
  const runtime = '(()=>{"use strict";self.installed=self.webpackChunkcoinwharf_docs.map((c)=>c[0][0])})();';

  test('the list of chunk URLs, what is already on the chunk list taken out, the chunks in order, what was taken out put back, and the runtime, each file under its path in a function of its own; no compile hint, since it is inline', () => {
    expect(
      pageBundle(
        [
          {file: 'assets/js/1.a.js', text: chunk('1')},
          {file: 'assets/js/2.b.js', text: chunk('2')},
        ],
        {file: 'assets/js/runtime~main.c.js', text: runtime},
        '/docs/',
      ),
    ).toBe(
      'self.__pageChunks=(self.__pageChunks||[]).concat(["/docs/assets/js/1.a.js","/docs/assets/js/2.b.js"]);\n' +
        'var pageList=self.webpackChunkcoinwharf_docs=self.webpackChunkcoinwharf_docs||[],pushedBefore=pageList.splice(0);\n' +
        `// assets/js/1.a.js\n!function(){\n${chunk('1')}\n}();\n` +
        `// assets/js/2.b.js\n!function(){\n${chunk('2')}\n}();\n` +
        'pageList.push.apply(pageList,pushedBefore);\n' +
        `// assets/js/runtime~main.c.js\n!function(){\n${runtime}\n}();\n`,
    );
  });

  test("run as one strict script, as a module script is, after main.js: the runtime reads the page's chunks before main.js's, and the files' top-level names do not clash", () => {
    const declaring = (id: string) => `const seen=${id};self.seen=(self.seen||[]).concat(seen);${chunk(id)}`;
    const self: Record<string, unknown> = {webpackChunkcoinwharf_docs: [[['main'], {}]]};
    runInNewContext(
      `"use strict";${pageBundle(
        [
          {file: 'assets/js/1.a.js', text: declaring('1')},
          {file: 'assets/js/2.b.js', text: declaring('2')},
        ],
        {file: 'assets/js/r.js', text: runtime},
        '/',
      )}`,
      {self},
    );
    expect(self.installed).toEqual(['1', '2', 'main']);
    expect(self.seen).toEqual([1, 2]);
    expect(self.__pageChunks).toEqual(['/assets/js/1.a.js', '/assets/js/2.b.js']);
  });
});

describe("a page's scripts", () => {
  const page =
    '<html><head><title>A</title><script src=/assets/js/runtime~main.a.js defer></script>' +
    '<script src=/assets/js/main.b.js defer></script></head><body><script>inline()</script></body>';

  test('the runtime goes, main.js stays at the default priority, and the bundle is an inline module script at the end of the body; the rest untouched', () => {
    expect(withPageBundle(page, 'bundle()')).toBe(
      '<html><head><title>A</title>' +
        '<script src=/assets/js/main.b.js defer></script>' +
        '</head><body><script>inline()</script><script type=module>bundle()</script></body>',
    );
  });

  test('main.js moves up to just before the first stylesheet, which the page will hold inline', () => {
    const styled =
      '<html><head><title>A</title><link rel=stylesheet href=/assets/css/styles.d.css><meta name=x content=y>' +
      '<script src=/assets/js/runtime~main.a.js defer></script><script src=/assets/js/main.b.js defer></script>' +
      '</head><body><p>text</p></body>\n';
    expect(withPageBundle(styled, 'bundle()')).toBe(
      '<html><head><title>A</title><script src=/assets/js/main.b.js defer></script>' +
        '<link rel=stylesheet href=/assets/css/styles.d.css><meta name=x content=y></head>' +
        '<body><p>text</p><script type=module>bundle()</script></body>\n',
    );
  });

  test('what the HTML parser would read as the end of the script, or as a comment or script start inside it, is written with \\x3C', () => {
    const bundle = 'a="</script>";b=/^<!-- tabs/;c="<SCRIPT src=x>";d="</Script";e=1<2';
    const html = withPageBundle(page, bundle);
    const inline = html.slice(html.lastIndexOf('<script type=module>'));
    expect(inline).toBe(
      '<script type=module>a="\\x3C/script>";b=/^\\x3C!-- tabs/;c="\\x3CSCRIPT src=x>";d="\\x3C/Script";e=1<2</script></body>',
    );
    expect(inline.match(/<\/script/gi), "one end tag, the element's own").toHaveLength(1);
    expect(inline).not.toContain('<!--');
  });

  test('the written script means what the bundle meant', () => {
    const bundle = 'self.a="</script>";self.b=/^<!-- tabs: (x)/.exec("<!-- tabs: x")[1];self.c=`<script>`;';
    const html = withPageBundle(page, bundle);
    const start = '<script type=module>';
    const written = html.slice(html.lastIndexOf(start) + start.length, html.lastIndexOf('</script>'));
    const [before, after] = [bundle, written].map((text) => {
      const self: Record<string, unknown> = {};
      runInNewContext(text, {self});
      return self;
    });
    expect(written).not.toBe(bundle);
    expect(after).toEqual(before);
    expect(after).toEqual({a: '</script>', b: 'x', c: '<script>'});
  });

  test('an entry script written another way than the minifier writes it fails the build', () => {
    expect(() =>
      withPageBundle(
        '<html><head><script src=/assets/js/runtime~main.a.js defer></script><script defer src="/assets/js/main.b.js"></script></head><body></body>',
        'bundle()',
      ),
    ).toThrow('page-scripts: /assets/js/main.b.js is not written as <script src=/assets/js/main.b.js defer></script>');
  });

  test('a page whose scripts are not the runtime and main.js fails the build', () => {
    expect(() =>
      withPageBundle('<html><head><script src=/assets/js/main.b.js defer></script></head><body></body>', 'bundle()'),
    ).toThrow("page-scripts: a built page's scripts are not runtime~main.js and main.js: /assets/js/main.b.js");
  });

  test('a page without one </head> or one </body> fails the build', () => {
    expect(() => withPageBundle('<p>no head', 'bundle()')).toThrow('page-scripts: a built page has no single </head>');
    expect(() => withPageBundle(page.replace('</body>', ''), 'bundle()')).toThrow(
      'page-scripts: a built page has no single </body>',
    );
  });
});
