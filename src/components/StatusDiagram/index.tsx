import type {ReactNode} from 'react';
import Mermaid from '@theme/Mermaid';
import {statusDiagramSource} from '@site/src/data/statuses';

/** The payment state machine drawn by Mermaid; the status table beside it says the same in words. */
export default function StatusDiagram(): ReactNode {
  return (
    <figure aria-label="Payment status diagram: the transitions listed in the table below">
      <Mermaid value={statusDiagramSource()} />
    </figure>
  );
}
