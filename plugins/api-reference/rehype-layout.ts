/**
 * A rehype step for the reference's pages: the layout of an operation, and fields a reader opens when needed.
 *
 * - An operation's section (its h2 to the next h2) becomes three blocks:
 *   `.api-operation__head` (the heading and endpoint line), `.api-operation__panel` (the example
 *   request and the example response, which the generator writes right after the endpoint line) and
 *   `.api-operation__body` (the rest). On a wide screen src/css/api-reference.css puts the panel in a
 *   column of its own beside the head and body, where it stays in view while the fields scroll; on a
 *   narrower one the blocks read in this order, so the request sits right under the endpoint line.
 * - A field's nested fields (the headings one level deeper under a field's h4 or deeper, and what
 *   follows them), and a request body's optional fields (between the generator's two comments), go
 *   behind a native `<details>` (`<FoldedFields>`), closed, which opens without
 *   JavaScript. Every field keeps its heading and id, and a browser opens the fold an address points
 *   into (the HTML standard's "ancestor details revealing" on a fragment navigation).
 *
 * - Blocks between the generator's fold comments (the rest of a long description, a request body's
 *   example) go behind the same kind of toggle, its summary the comment's label.
 * - A field's heading and the line under it (its type, required-ness and constraints) share a row,
 *   `.api-field-head`, as Stripe's do: a field takes a line less.
 *
 * HTML and CSS only: the Markdown twins are written from the MDX and show every field.
 */
import path from 'node:path';
import type {Element, ElementContent, Root, RootContent} from 'hast';
import type {MdxJsxFlowElementHast} from 'mdast-util-mdx-jsx';
import {referenceFolder} from './generate';
import {examplesEnd, foldEnd, optionalFieldsEnd, optionalFieldsStart} from './mdx';

const levelOf = (node: RootContent): number | undefined =>
  node.type === 'element' && /^h[1-6]$/.test(node.tagName) ? Number(node.tagName[1]) : undefined;

const idOf = (node: RootContent): string =>
  node.type === 'element' && typeof node.properties.id === 'string' ? node.properties.id : '';

const block = (className: string, children: RootContent[]): Element => ({
  type: 'element',
  tagName: 'div',
  properties: {className: [className]},
  children: children as ElementContent[],
});

/** The text of a node, as a reader sees it. */
const textOf = (node: RootContent | ElementContent): string =>
  node.type === 'text' ? node.value : 'children' in node ? node.children.map(textOf).join('') : '';

/** A generator's comment (./mdx.ts: examplesEnd, optionalFieldsStart…) as it is written in the MDX. */
const commentText = (node: RootContent): string | undefined =>
  node.type === 'mdxFlowExpression' ? `{${node.value}}` : undefined;

/** Whether a node is that one of the generator's comments. */
const isComment = (node: RootContent, comment: string): boolean => commentText(node) === comment;

/** A field's heading: fields are h4 and deeper on these pages. */
const isField = (node: RootContent): boolean => (levelOf(node) ?? 0) >= 4;

/** `price.amount` → `amount`. */
const lastName = (heading: RootContent): string => textOf(heading).split('.').at(-1) ?? '';

const code = (value: string): Element => ({
  type: 'element',
  tagName: 'code',
  properties: {},
  children: [{type: 'text', value}],
});

const text = (value: string): ElementContent => ({type: 'text', value});

/** A `<FoldedFields>` of `children`, its summary the `label` and the names of the fields it holds. */
function folded(label: ElementContent[], names: string[], children: RootContent[]): MdxJsxFlowElementHast {
  const summary: Element = {
    type: 'element',
    tagName: 'summary',
    properties: {},
    children: [...label, ...names.flatMap((name, index) => [...(index > 0 ? [text(', ')] : []), code(name)])],
  };
  return {
    type: 'mdxJsxFlowElement',
    name: 'FoldedFields',
    attributes: [],
    children: [summary, ...(children as MdxJsxFlowElementHast['children'])],
  };
}

/** "Fields of `price`: `amount`, `currency`", folded. */
function nestedFields(parent: RootContent, level: number, children: RootContent[]): MdxJsxFlowElementHast {
  const names = children.filter((node) => levelOf(node) === level + 1).map(lastName);
  return folded([text('Fields of '), code(textOf(parent)), text(': ')], names, children);
}

/** Nodes with each field's deeper fields folded into a `<FoldedFields>` after its own text. */
export function foldNestedFields(nodes: RootContent[]): RootContent[] {
  const out: RootContent[] = [];
  for (let index = 0; index < nodes.length; index += 1) {
    const node = nodes[index];
    out.push(node);
    const level = levelOf(node);
    if (level === undefined || !isField(node)) continue;
    let own = index + 1;
    while (own < nodes.length && levelOf(nodes[own]) === undefined) out.push(nodes[own++]);
    let end = own;
    while (end < nodes.length && (levelOf(nodes[end]) ?? Infinity) > level) end += 1;
    if (end > own) out.push(nestedFields(node, level, foldNestedFields(nodes.slice(own, end))));
    index = end - 1;
  }
  return out;
}

/** An operation's section as its head, its panel (the examples) and its body. */
function operation(section: RootContent[]): Element {
  const id = idOf(section[0]);
  const panelStart = section.findIndex((node) =>
    [`${id}-example-request`, `${id}-example-delivery`].includes(idOf(node)),
  );
  const panelEnd = section.findIndex((node) => isComment(node, examplesEnd));
  if (panelEnd < panelStart)
    throw new Error(`API reference: the operation #${id} has no "${examplesEnd}" after its examples`);
  return block('api-operation', [
    block('api-operation__head', section.slice(0, panelStart)),
    block('api-operation__panel', section.slice(panelStart, panelEnd)),
    block('api-operation__body', section.slice(panelEnd + 1)),
  ]);
}

/** Nodes with each operation's section laid out (an h2 whose section has an example request or delivery). */
function layOutOperations(nodes: RootContent[]): RootContent[] {
  const out: RootContent[] = [];
  for (let index = 0; index < nodes.length;) {
    let end = index + 1;
    while (end < nodes.length && levelOf(nodes[end]) !== 2) end += 1;
    const section = nodes.slice(index, end);
    const id = idOf(nodes[index]);
    const isOperation =
      levelOf(nodes[index]) === 2 &&
      section.some((node) => [`${id}-example-request`, `${id}-example-delivery`].includes(idOf(node)));
    if (isOperation) out.push(operation(section));
    else out.push(...section);
    index = end;
  }
  return out;
}

/**
 * Nodes with the blocks between each comment `opens` accepts and the next `closing` comment made one
 * node by `fold`, the comments gone. An opening comment without its closing one fails the build.
 */
function foldBetween(
  nodes: RootContent[],
  opens: (comment: string) => boolean,
  closing: string,
  fold: (opening: string, inner: RootContent[]) => RootContent,
): RootContent[] {
  const start = nodes.findIndex((node) => opens(commentText(node) ?? ''));
  if (start === -1) return nodes;
  const opening = commentText(nodes[start])!;
  const end = nodes.findIndex((node, index) => index > start && isComment(node, closing));
  if (end === -1) throw new Error(`API reference: "${opening}" has no "${closing}" after it`);
  return [
    ...nodes.slice(0, start),
    fold(opening, nodes.slice(start + 1, end)),
    ...foldBetween(nodes.slice(end + 1), opens, closing, fold),
  ];
}

/** Nodes with the optional fields between the generator's two comments folded, the comments gone. */
export const foldOptionalFields = (nodes: RootContent[]): RootContent[] =>
  foldBetween(
    nodes,
    (comment) => comment === optionalFieldsStart,
    optionalFieldsEnd,
    (_, fields) => {
      const level = Math.min(...fields.map((node) => levelOf(node) ?? Infinity));
      const names = fields.filter((node) => levelOf(node) === level).map(lastName);
      return folded([text('Optional fields: ')], names, fields);
    },
  );

/** A fold comment (./mdx.ts, foldStart) and, in its first group, its label. */
const foldLabel = /^\{\/\* fold: ([\s\S]*) \*\/\}$/;

/** A label's text and code spans (`Fields of \`price\``) as nodes. */
const labelNodes = (label: string): ElementContent[] =>
  label
    .split(/(`[^`]+`)/)
    .filter(Boolean)
    .map((part) => (part.startsWith('`') && part.endsWith('`') ? code(part.slice(1, -1)) : text(part)));

/** Nodes with the blocks between each fold comment and its end folded, the comments gone. */
export const foldMarked = (nodes: RootContent[]): RootContent[] =>
  foldBetween(
    nodes,
    (comment) => foldLabel.test(comment),
    foldEnd,
    (opening, inner) => folded(labelNodes(foldLabel.exec(opening)?.[1] ?? ''), [], inner),
  );

const isBlank = (node: RootContent): boolean => node.type === 'text' && node.value.trim() === '';

/** A field's line under its heading: its type and required-ness, joined by " · ". */
const isFieldMeta = (node: RootContent | undefined): boolean =>
  node?.type === 'element' && node.tagName === 'p' && textOf(node).includes(' · ');

/** Nodes with each field heading and the line under it in one `.api-field-head`, at any depth. */
export function compactFieldHeads(nodes: RootContent[]): RootContent[] {
  const out: RootContent[] = [];
  for (let index = 0; index < nodes.length; index += 1) {
    const node = nodes[index];
    let next = index + 1;
    while (next < nodes.length && isBlank(nodes[next])) next += 1;
    if (isField(node) && isFieldMeta(nodes[next])) {
      out.push(block('api-field-head', [node, nodes[next]]));
      index = next;
    } else if ((node.type === 'element' && node.tagName !== 'pre') || node.type === 'mdxJsxFlowElement') {
      out.push({...node, children: compactFieldHeads(node.children)} as RootContent);
    } else {
      out.push(node);
    }
  }
  return out;
}

export default function rehypeOperationLayout() {
  const folder = `${path.sep}${path.join('docs', referenceFolder)}${path.sep}`;
  return (tree: Root, file: {path?: string}): void => {
    if (!file.path?.includes(folder)) return;
    tree.children = compactFieldHeads(
      layOutOperations(foldMarked(foldOptionalFields(foldNestedFields(tree.children)))),
    );
  };
}
