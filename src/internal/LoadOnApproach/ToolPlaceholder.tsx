import {useId, type ReactNode} from 'react';
import clsx from 'clsx';
import tool from '@site/src/css/webhook-tool.module.css';
import styles from './styles.module.css';

interface Props {
  title: string;
  privacy: string;
  /** A class giving the box the loaded tool's height. */
  reserve: string;
}

/** A tool's heading and note over an empty box of its size, while its code loads. */
export default function ToolPlaceholder({title, privacy, reserve}: Props): ReactNode {
  const id = useId();
  return (
    <section className={clsx(tool.tool, reserve)} aria-labelledby={`${id}-title`} aria-busy="true">
      {/* eslint-disable-next-line @docusaurus/prefer-docusaurus-heading -- a tool's title, not a section to link to or list in the TOC */}
      <h4 id={`${id}-title`} className={tool.title}>
        {title}
      </h4>
      <p className={tool.privacy}>{privacy}</p>
      <p className={styles.loading}>Loading the tool…</p>
    </section>
  );
}
