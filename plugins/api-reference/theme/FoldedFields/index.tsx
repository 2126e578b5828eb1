import type {ReactNode} from 'react';
import styles from './styles.module.css';

interface Props {
  /** A `<summary>` naming the fields, then their headings and text (../../rehype-layout.ts). */
  children: ReactNode;
}

/**
 * Fields a reader opens when needed: a field's nested fields, a request body's optional ones.
 * A native `<details>`, closed, not the theme's Details, whose animation needs JavaScript: this one
 * opens before hydration, with scripts off, for find in page, and when an address points into it.
 */
export default function FoldedFields({children}: Props): ReactNode {
  return <details className={`api-folded-fields ${styles.foldedFields}`}>{children}</details>;
}
