import path from 'node:path';
import type {Element, ElementContent, Root, RootContent} from 'hast';
import {describe, expect, test} from 'vitest';
import rehypeOperationLayout from '../../../plugins/api-reference/rehype-layout';

// The reference's operation layout and folded nested fields, on trees shaped as the generated MDX
// gives them: headings with ids, paragraphs, the examples' end comment.

const heading = (level: number, id: string, text = id): Element => ({
  type: 'element',
  tagName: `h${level}`,
  properties: {id},
  children: [{type: 'element', tagName: 'code', properties: {}, children: [{type: 'text', value: text}]}],
});
const paragraph = (text: string): Element => ({
  type: 'element',
  tagName: 'p',
  properties: {},
  children: [{type: 'text', value: text}],
});
const examplesEnd: RootContent = {type: 'mdxFlowExpression', value: '/* end of the examples */'};

function layOut(children: RootContent[], file = path.join('/site', 'docs', 'api', 'payments.mdx')): RootContent[] {
  const tree: Root = {type: 'root', children};
  rehypeOperationLayout()(tree, {path: file});
  return tree.children;
}

/** A node as a short outline: `div.api-operation__panel[h3#x, p]`. */
function outline(node: RootContent | ElementContent): string {
  if (node.type === 'text') return JSON.stringify(node.value);
  if (node.type === 'mdxJsxFlowElement') return `<${node.name}>[${node.children.map(outline).join(', ')}]`;
  if (node.type !== 'element') return node.type;
  const className = node.properties.className?.map((name) => `.${name}`).join('') ?? '';
  const id = typeof node.properties.id === 'string' ? `#${node.properties.id}` : '';
  const inner =
    node.tagName === 'div' || node.tagName === 'summary' ? `[${node.children.map(outline).join(', ')}]` : '';
  return `${node.tagName}${className}${id}${inner}`;
}

describe('an operation', () => {
  const operation = [
    heading(2, 'create-payment'),
    paragraph('POST /v1/payments'),
    heading(3, 'create-payment-example-request'),
    paragraph('The call'),
    heading(3, 'create-payment-example-response'),
    paragraph('{}'),
    examplesEnd,
    paragraph('Creates a payment.'),
    heading(3, 'create-payment-parameters'),
  ];

  test('head, panel (the examples, up to their end comment, which goes) and body', () => {
    expect(
      layOut([paragraph('Intro'), ...operation, heading(2, 'next-section'), paragraph('Text')]).map(outline),
    ).toEqual([
      'p',
      'div.api-operation[' +
        'div.api-operation__head[h2#create-payment, p], ' +
        'div.api-operation__panel[h3#create-payment-example-request, p, h3#create-payment-example-response, p], ' +
        'div.api-operation__body[p, h3#create-payment-parameters]]',
      // A section without examples is no operation: left as it is.
      'h2#next-section',
      'p',
    ]);
  });

  test('a webhook: its example delivery starts the panel', () => {
    const [section] = layOut([
      heading(2, 'receive'),
      heading(3, 'receive-example-delivery'),
      paragraph('x'),
      examplesEnd,
    ]);
    expect(outline(section)).toBe(
      'div.api-operation[div.api-operation__head[h2#receive], div.api-operation__panel[h3#receive-example-delivery, p], div.api-operation__body[]]',
    );
  });

  test('examples without their end comment fail the build, naming the operation', () => {
    expect(() => layOut(operation.filter((node) => node !== examplesEnd))).toThrow(
      'API reference: the operation #create-payment has no "{/* end of the examples */}" after its examples',
    );
  });

  test('pages outside the reference are left alone', () => {
    const guide = path.join('/site', 'docs', 'payments', 'quickstart.mdx');
    expect(layOut([...operation], guide)).toEqual(operation);
  });
});

describe('nested fields', () => {
  test("a field's deeper fields go behind <FoldedFields>, after the field's own text, named in its summary", () => {
    const nodes = layOut([
      heading(4, 'payment-price', 'price'),
      paragraph('Money object'),
      heading(5, 'payment-price-amount', 'price.amount'),
      paragraph('A decimal string'),
      heading(5, 'payment-price-currency', 'price.currency'),
      heading(4, 'payment-asset', 'asset'),
      paragraph('string'),
    ]);
    expect(nodes.map(outline)).toEqual([
      'h4#payment-price',
      'p',
      '<FoldedFields>[summary["Fields of ", code, ": ", code, ", ", code], h5#payment-price-amount, p, h5#payment-price-currency]',
      'h4#payment-asset',
      'p',
    ]);
    const summary = (nodes[2] as {children: Element[]}).children[0];
    const text = (node: ElementContent): string =>
      node.type === 'text' ? node.value : node.type === 'element' ? node.children.map(text).join('') : '';
    expect(text(summary)).toBe('Fields of price: amount, currency');
  });

  test('deeper still: each level folds inside the one above; a section heading ends the fields', () => {
    const nodes = layOut([
      heading(4, 'a', 'error'),
      heading(5, 'b', 'error.detail'),
      heading(6, 'c', 'error.detail.field'),
      heading(3, 'example'),
      paragraph('after'),
    ]);
    expect(nodes.map(outline)).toEqual([
      'h4#a',
      '<FoldedFields>[summary["Fields of ", code, ": ", code], h5#b, <FoldedFields>[summary["Fields of ", code, ": ", code], h6#c]]',
      'h3#example',
      'p',
    ]);
  });

  test('a field without nested fields, and headings above h4, fold nothing', () => {
    const nodes = [heading(3, 'fields'), heading(4, 'id'), paragraph('string'), heading(4, 'object')];
    expect(layOut([...nodes])).toEqual(nodes);
  });
});

describe('optional fields', () => {
  const start: RootContent = {type: 'mdxFlowExpression', value: '/* optional fields */'};
  const end: RootContent = {type: 'mdxFlowExpression', value: '/* end of the optional fields */'};

  test("the fields between the generator's comments go behind <FoldedFields>, named in its summary", () => {
    const nodes = layOut([
      heading(4, 'create-body-price', 'price'),
      paragraph('required'),
      start,
      heading(4, 'create-body-reference', 'reference'),
      paragraph('optional'),
      heading(4, 'create-body-amount', 'amount'),
      heading(5, 'create-body-amount-amount', 'amount.amount'),
      heading(4, 'create-body-metadata', 'metadata'),
      end,
      paragraph('The example body'),
    ]);
    expect(nodes.map(outline)).toEqual([
      'h4#create-body-price',
      'p',
      '<FoldedFields>[summary["Optional fields: ", code, ", ", code, ", ", code], h4#create-body-reference, p, ' +
        'h4#create-body-amount, <FoldedFields>[summary["Fields of ", code, ": ", code], h5#create-body-amount-amount], ' +
        'h4#create-body-metadata]',
      'p',
    ]);
  });

  test('an opening comment without its closing one fails the build', () => {
    expect(() => layOut([start, heading(4, 'a')])).toThrow(
      'API reference: "{/* optional fields */}" has no "{/* end of the optional fields */}" after it',
    );
  });
});

describe('fold comments', () => {
  const start: RootContent = {type: 'mdxFlowExpression', value: '/* fold: Rules: `amount`, fees */'};
  const end: RootContent = {type: 'mdxFlowExpression', value: '/* end of the fold */'};

  test('the blocks between them go behind <FoldedFields>, the label its summary, its code spans as code', () => {
    const nodes = layOut([paragraph('What it does.'), start, paragraph('A rule.'), paragraph('Another.'), end]);
    expect(nodes.map(outline)).toEqual(['p', '<FoldedFields>[summary["Rules: ", code, ", fees"], p, p]']);
    const summary = (nodes[1] as {children: Element[]}).children[0];
    expect((summary.children[1] as Element).children).toEqual([{type: 'text', value: 'amount'}]);
  });

  test('an opening comment without its end fails the build', () => {
    expect(() => layOut([start, paragraph('A rule.')])).toThrow(
      'API reference: "{/* fold: Rules: `amount`, fees */}" has no "{/* end of the fold */}" after it',
    );
  });
});

describe('field heads', () => {
  test("a field's heading and its type line share a .api-field-head, inside folds too", () => {
    const nodes = layOut([
      heading(4, 'body-price', 'price'),
      {type: 'text', value: '\n'},
      paragraph('Money object · required'),
      paragraph('The price.'),
      heading(5, 'body-price-amount', 'price.amount'),
      paragraph('string · required'),
    ]);
    expect(nodes.map(outline)).toEqual([
      'div.api-field-head[h4#body-price, p]',
      'p',
      '<FoldedFields>[summary["Fields of ", code, ": ", code], div.api-field-head[h5#body-price-amount, p]]',
    ]);
  });

  test('a response (its line says no type) and a section heading keep their own rows', () => {
    const nodes = [
      heading(3, 'responses'),
      paragraph('Every response · carries'),
      heading(4, 'response-200', '200 OK'),
      paragraph('The payment.'),
    ];
    expect(layOut([...nodes])).toEqual(nodes);
  });
});
