import type {ReactNode} from 'react';
import Mermaid from '@theme/Mermaid';
import {statusDiagramSource} from '@site/src/data/statuses';
import styles from './styles.module.css';

/**
 * The payment state machine drawn by Mermaid; the status table beside it says
 * the same in words. Mermaid loads when the figure nears the viewport
 * (src/theme/Mermaid); the figure keeps the drawing's size meanwhile.
 */
export default function StatusDiagram(): ReactNode {
  return (
    <figure className={styles.figure} aria-label="Payment status diagram: the transitions listed in the table below">
      <Mermaid value={statusDiagramSource()} />
    </figure>
  );
}
