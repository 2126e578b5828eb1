/**
 * The Markdown each MDX component stands for. A page that uses a component not
 * listed here fails the build, naming the file and line: add its renderer here.
 * Data-driven tables come from the same src/data modules as the React
 * components, and tests/llms compares each with the table the page shows.
 */
import {networks} from '../../src/data/networks';
import {paymentFields} from '../../src/data/paymentObject';
import {paymentStatuses, statusDiagramSource, statusTransitions} from '../../src/data/statuses';
import {retrySchedule, webhookEvents} from '../../src/data/webhooks';

/** A JSX element as remark-mdx parses it. */
interface JsxElement {
  name: string | null;
  attributes: readonly unknown[];
}

/** A GFM table; cells are Markdown already, and pipes inside them are escaped. */
export function markdownTable(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

const code = (text: string) => `\`${text}\``;

const renderers: Record<string, () => string> = {
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

/** The Markdown a component stands for; throws for a component without a renderer, or with props. */
export function renderComponent(element: JsxElement): string {
  const name = element.name ?? '';
  const render = Object.hasOwn(renderers, name) ? renderers[name] : undefined;
  if (!render) {
    throw new Error(`<${name}> has no Markdown renderer: add one to plugins/markdown-twins/components.ts`);
  }
  if (element.attributes.length > 0) {
    throw new Error(`<${name}> takes no props on a page: its content comes from src/data`);
  }
  return render();
}
