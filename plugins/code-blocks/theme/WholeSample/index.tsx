import type {ReactNode} from 'react';
import styles from './styles.module.css';

interface Props {
  /** The sample's path, as its code block's title shows it. */
  file: string;
  /** How many lines the file has. */
  lines: string;
  /** The whole file's code block. */
  children: ReactNode;
}

/**
 * The whole tested file under the lines a reference page shows first. A native `<details>`, not the
 * theme's Details: it opens without JavaScript, before hydration, and on paper (src/css/print.css).
 */
export default function WholeSample({file, lines, children}: Props): ReactNode {
  return (
    <details className={styles.wholeSample}>
      <summary>
        The whole tested file, <code>{file}</code> ({lines} lines)
      </summary>
      {children}
    </details>
  );
}
