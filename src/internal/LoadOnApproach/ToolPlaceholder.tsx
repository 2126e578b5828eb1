import {useId, type ReactNode} from 'react';
import ToolFrame from '@site/src/internal/ToolFrame';
import styles from './styles.module.css';

interface Props {
  title: string;
  privacy: string;
  /** A class giving the box the loaded tool's height. */
  reserve: string;
}

/** A tool's heading and note over an empty box of its size, while its code loads. */
export default function ToolPlaceholder({title, privacy, reserve}: Props): ReactNode {
  return (
    <ToolFrame id={useId()} title={title} privacy={privacy} className={reserve} busy>
      <p className={styles.loading}>Loading the tool…</p>
    </ToolFrame>
  );
}
