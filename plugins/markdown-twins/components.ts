/**
 * The Markdown each MDX component stands for. A page that uses a component not
 * listed here fails the build, naming the file and line: add its renderer here.
 * Data-driven tables come from the same src/data modules as the React
 * components, and tests/llms compares each with the table the page shows.
 */
import type {Example, TabGroup} from '../../src/components/ExampleCode/languages';
import {exampleFence, tabGroupMarkdown} from '../../src/lib/markdownTwin';
import {networks} from '../../src/data/networks';
import {paymentFields} from '../../src/data/paymentObject';
import {paymentStatuses, statusDiagramSource, statusTransitions} from '../../src/data/statuses';
import {retrySchedule, webhookEvents} from '../../src/data/webhooks';

/** What a name in the page's scope is: an imported raw file, or an imported module. */
export type Scope = Record<string, {kind: 'raw'; sitePath: string; text: string} | {kind: 'module'; from: string}>;

/** A JSX element as remark-mdx parses it: attributes with their estree expressions. */
interface JsxElement {
  name: string | null;
  attributes: {
    type: string;
    name?: string;
    value?: string | null | {type: string; value: string; data?: {estree?: {body: {expression: EstreeNode}[]}}};
  }[];
}

interface EstreeNode {
  type: string;
  value?: unknown;
  name?: string;
  elements?: (EstreeNode | null)[];
  properties?: {type: string; key: EstreeNode; value: EstreeNode; computed?: boolean}[];
  quasis?: {value: {cooked: string}}[];
  expressions?: EstreeNode[];
}

/** The value of a literal-only expression: strings, numbers, arrays, objects, and names of raw imports. */
function evaluate(node: EstreeNode, scope: Scope): unknown {
  switch (node.type) {
    case 'Literal':
      return node.value;
    case 'Identifier': {
      const bound = scope[node.name!];
      if (bound?.kind !== 'raw') throw new Error(`{${node.name}} is not a file imported with !!raw-loader!`);
      return bound.text;
    }
    case 'ArrayExpression':
      return (node.elements ?? []).map((element) => evaluate(element!, scope));
    case 'ObjectExpression':
      return Object.fromEntries(
        (node.properties ?? []).map((property) => {
          if (property.type !== 'Property' || property.computed)
            throw new Error('only plain object properties are supported');
          const key = property.key.type === 'Identifier' ? property.key.name : String(property.key.value);
          return [key, evaluate(property.value, scope)];
        }),
      );
    case 'TemplateLiteral':
      if (node.expressions?.length) throw new Error('template literals with expressions are not supported');
      return node.quasis!.map((quasi) => quasi.value.cooked).join('');
    default:
      throw new Error(`an expression of type ${node.type} cannot be turned into Markdown`);
  }
}

function props(element: JsxElement, scope: Scope): Record<string, unknown> {
  return Object.fromEntries(
    element.attributes.map((attribute) => {
      if (attribute.type !== 'mdxJsxAttribute' || !attribute.name)
        throw new Error('spread attributes are not supported');
      const {value} = attribute;
      if (value === null || value === undefined) return [attribute.name, true];
      if (typeof value === 'string') return [attribute.name, value];
      const expression = value.data?.estree?.body[0]?.expression;
      if (!expression) throw new Error(`the attribute ${attribute.name} has no expression`);
      return [attribute.name, evaluate(expression, scope)];
    }),
  );
}

/** A GFM table; cells are Markdown already, and pipes inside them are escaped. */
export function markdownTable(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

const code = (text: string) => `\`${text}\``;

const renderers: Record<string, (props: Record<string, unknown>) => string> = {
  ExampleTabs: ({examples, group = 'language'}) => tabGroupMarkdown(group as TabGroup, examples as Example[]),
  ExampleCode: (example) => exampleFence(example as unknown as Example),
  StatusDiagram: () => `\`\`\`mermaid\n${statusDiagramSource()}\n\`\`\``,
  StatusTable: () =>
    markdownTable(
      ['Status', 'Final', 'Moves to', 'Meaning', 'Your move'],
      paymentStatuses.map(({status, final, meaning, yourMove}) => {
        const moves = statusTransitions
          .filter((transition) => transition.from === status)
          .map(({to, when, label}) => `${code(to)} when ${when}${label ? `, label ${code(label)}` : ''}`);
        return [code(status), final ? 'Yes' : 'No', moves.join('; ') || 'None', meaning, yourMove];
      }),
    ),
  NetworkTable: () =>
    markdownTable(
      ['Network', 'Assets', 'Sandbox network', 'Confirmations', 'Typical time'],
      networks.map((n) => [
        code(n.network),
        n.assets.join(', '),
        code(n.sandboxNetwork),
        n.confirmationsNote ?? String(n.requiredConfirmations),
        n.typicalTime,
      ]),
    ),
  PaymentFields: () =>
    markdownTable(
      ['Field', 'Type', 'Description'],
      paymentFields.map(({name, type, description}) => [code(name), type, description]),
    ),
  RetrySchedule: () =>
    markdownTable(
      ['Attempt', 'Wait after the previous attempt'],
      retrySchedule.map((wait, index) => [
        String(index + 1),
        index === 0 ? 'First delivery, right after the event' : wait,
      ]),
    ),
  // The page's interactive tools: a twin can only say where they are.
  WebhookSignatureChecker: () =>
    '> **Interactive:** the web page has a signature checker here. It verifies a pasted delivery in the browser and names the step that fails.',
  WebhookEventGenerator: () =>
    '> **Interactive:** the web page has a signed test-event generator here. It signs a sample event with your secret in the browser and writes the curl command that sends it.',
  EventCatalog: () =>
    markdownTable(
      ['Event type', `${code('data')} holds`, 'Reflects status', 'Sent when'],
      webhookEvents.map(({type, object, status, when}) => [code(type), `a ${object}`, code(status), when]),
    ),
};

/** The Markdown a component stands for; throws for a component without a renderer. */
export function renderComponent(element: JsxElement, scope: Scope): string {
  const name = element.name ?? '';
  const render = Object.hasOwn(renderers, name) ? renderers[name] : undefined;
  if (!render) {
    throw new Error(`<${name}> has no Markdown renderer: add one to plugins/markdown-twins/components.ts`);
  }
  return render(props(element, scope));
}
