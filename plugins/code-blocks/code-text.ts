/**
 * Code-block text stays out of the browser's page chunks. A fence's text is
 * what most of a code-heavy page's chunk weighs, and the browser does not need
 * it on a full load: the server's HTML has every block, kept through hydration
 * (plugins/code-blocks/theme/CodeBlock), and Copy reads the block's DOM. So each fenced code
 * block's text is written as
 *
 *     process.env.COINWHARF_SERVER_BUNDLE ? "the text\n" : __coinwharfCode.block(3)
 *
 * whose text the server bundle keeps and the browser's drops (plugins/code-blocks
 * defines the flag per bundle, and the minifier removes the dead branch; the
 * MDX is compiled once for both, so the switch has to be in its output). The
 * page's texts go to one chunk of their own, which the browser loads only to
 * render the blocks itself: when the page's module is evaluated after the app
 * has started (a client-side navigation, awaited there so the page renders
 * complete), or when a block rendered in the browser is missing them. In the
 * browser a block's children are an element naming its page and place, which
 * plugins/code-blocks/theme/CodeBlock reads; plugins/code-blocks/theme/CodeBlock/pageCode.ts is that half.
 */
import type {Code, Root} from 'mdast';
import type {MdxjsEsm} from 'mdast-util-mdxjs-esm';
import type {MdxTextExpression} from 'mdast-util-mdx-expression';
import {visit} from 'unist-util-visit';

/** The define that is true in the server bundle only (plugins/code-blocks/index.ts). */
export const serverBundleFlag = 'process.env.COINWHARF_SERVER_BUNDLE';

/** The module, in the browser's bundle, that keeps each page's code texts (plugins/code-blocks/theme/CodeBlock/pageCode.ts). */
export const pageCodeModule = '@site/plugins/code-blocks/theme/CodeBlock/pageCode';

/** What a page's code-text chunk is: a module whose default export is the texts, in block order. */
export function codeChunkSource(texts: readonly string[]): string {
  return `data:text/javascript,${encodeURIComponent(`export default ${JSON.stringify(texts)};`)}`;
}

// estree, by hand: the few nodes below.
const identifier = (name: string) => ({type: 'Identifier', name});
const literal = (value: string) => ({type: 'Literal', value, raw: JSON.stringify(value)});
const member = (object: unknown, name: string) => ({
  type: 'MemberExpression',
  object,
  property: identifier(name),
  computed: false,
  optional: false,
});
const serverBundle = () =>
  serverBundleFlag
    .split('.')
    .slice(1)
    .reduce<unknown>((object, name) => member(object, name), identifier('process'));
const onServerOnly = (value: unknown, inBrowser: unknown) => ({
  type: 'ConditionalExpression',
  test: serverBundle(),
  consequent: value,
  alternate: inBrowser,
});
const program = (body: unknown[]) => ({type: 'Program', sourceType: 'module', comments: [], body});

const pageCodeName = '__coinwharfPageCode';
const handleName = '__coinwharfCode';

/**
 * The page's ESM: pageCode's import, and, in the browser only, the page's
 * handle on its texts, made with the way to load them (awaited when the app is
 * already running: pageCode returns a promise then).
 */
function pageCodeEsm(texts: readonly string[]): MdxjsEsm {
  const register = {
    type: 'AwaitExpression',
    argument: {
      type: 'CallExpression',
      callee: identifier(pageCodeName),
      optional: false,
      arguments: [
        {
          type: 'ArrowFunctionExpression',
          params: [],
          expression: true,
          async: false,
          generator: false,
          body: {type: 'ImportExpression', source: literal(codeChunkSource(texts)), options: null},
        },
      ],
    },
  };
  const estree = program([
    {
      type: 'ImportDeclaration',
      specifiers: [{type: 'ImportSpecifier', imported: identifier('pageCode'), local: identifier(pageCodeName)}],
      source: literal(pageCodeModule),
      attributes: [],
    },
    {
      type: 'ExportNamedDeclaration',
      declaration: {
        type: 'VariableDeclaration',
        kind: 'const',
        declarations: [
          {
            type: 'VariableDeclarator',
            id: identifier(handleName),
            init: onServerOnly(identifier('undefined'), register),
          },
        ],
      },
      specifiers: [],
      source: null,
      attributes: [],
    },
  ]);
  return {type: 'mdxjsEsm', value: '', data: {estree: estree as never}};
}

/** The code element's one child: its text in the server bundle, its page and place in the browser's. */
function textOnServerOnly(text: string, index: number): MdxTextExpression {
  const block = {
    type: 'CallExpression',
    callee: member(identifier(handleName), 'block'),
    optional: false,
    arguments: [{type: 'Literal', value: index, raw: String(index)}],
  };
  const estree = program([{type: 'ExpressionStatement', expression: onServerOnly(literal(text), block)}]);
  return {type: 'mdxTextExpression', value: '', data: {estree: estree as never}};
}

/** The transform: every fenced code block with text, then the page's ESM if it has any. */
export function moveCodeText(tree: Root): void {
  const blocks: Code[] = [];
  visit(tree, 'code', (node) => {
    if (node.value !== '') blocks.push(node);
  });
  if (blocks.length === 0) return;
  // As mdast-util-to-hast writes a fence's text: with a final line break.
  const texts = blocks.map((node) => `${node.value}\n`);
  blocks.forEach((node, index) => {
    (node.data ??= {}).hChildren = [textOnServerOnly(texts[index], index)];
  });
  tree.children.unshift(pageCodeEsm(texts));
}
