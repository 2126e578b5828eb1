/**
 * A rehype step for the reference's pages: an operation's endpoint line, written in the generated
 * MDX as one inline code (`POST /v1/payments`, which the Markdown twins keep as it is), becomes a
 * method label and its path: `<p class="api-endpoint"><span class="api-method api-method--post">POST</span>
 * <code>/v1/payments</code></p>`. HTML and CSS only; no script. The label's colours are in
 * src/css/custom.css.
 */
import path from 'node:path';
import type {Element, Root} from 'hast';
import {visit} from 'unist-util-visit';
import {referenceFolder} from './generate';

const endpointLine = /^(GET|POST|PUT|PATCH|DELETE) (\/\S*)$/;

/** The text of a paragraph that holds one inline code and nothing else. */
function onlyCode(paragraph: Element): string | undefined {
  if (paragraph.tagName !== 'p' || paragraph.children.length !== 1) return undefined;
  const [code] = paragraph.children;
  if (code.type !== 'element' || code.tagName !== 'code' || code.children.length !== 1) return undefined;
  const [text] = code.children;
  return text.type === 'text' ? text.value : undefined;
}

export default function rehypeEndpointLabels() {
  const folder = `${path.sep}${path.join('docs', referenceFolder)}${path.sep}`;
  return (tree: Root, file: {path?: string}): void => {
    if (!file.path?.includes(folder)) return;
    visit(tree, 'element', (node) => {
      const match = endpointLine.exec(onlyCode(node) ?? '');
      if (!match) return;
      const [, method, route] = match;
      node.properties = {className: ['api-endpoint']};
      node.children = [
        {
          type: 'element',
          tagName: 'span',
          properties: {className: ['api-method', `api-method--${method.toLowerCase()}`]},
          children: [{type: 'text', value: method}],
        },
        {type: 'text', value: ' '},
        {type: 'element', tagName: 'code', properties: {}, children: [{type: 'text', value: route}]},
      ];
    });
  };
}
