import type {ReactNode} from 'react';
import Mermaid from '@theme/Mermaid';
import {paymentStatuses, statusTransitions} from '@site/src/data/statuses';

/** The state machine as Mermaid source, built from the same data as the status table. */
export function statusDiagramSource(): string {
  const edges = statusTransitions.map(
    ({from, to, short, label}) => `  ${from} --> ${to}: ${short}${label ? ` (${label})` : ''}`,
  );
  const finals = paymentStatuses.filter((s) => s.final).map((s) => `  ${s.status} --> [*]`);
  return ['stateDiagram-v2', '  [*] --> awaiting_payment', ...edges, ...finals].join('\n');
}

/** The payment state machine drawn by Mermaid; the status table beside it says the same in words. */
export default function StatusDiagram(): ReactNode {
  return (
    <figure aria-label="Payment status diagram: the transitions listed in the table below">
      <Mermaid value={statusDiagramSource()} />
    </figure>
  );
}
