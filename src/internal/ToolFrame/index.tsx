import type {ReactNode} from 'react';
import clsx from 'clsx';
import tool from '@site/src/css/webhook-tool.module.css';

interface Props {
  /** The tool's `useId()`: its title is `${id}-title`, and its fields take ids under it too. */
  id: string;
  title: string;
  privacy: string;
  className?: string;
  /** While its code loads (the placeholder). */
  busy?: boolean;
  children: ReactNode;
}

/** A webhook tool's frame: the section named by its heading, then its privacy note; the placeholder's too. */
export default function ToolFrame({id, title, privacy, className, busy, children}: Props): ReactNode {
  return (
    <section className={clsx(tool.tool, className)} aria-labelledby={`${id}-title`} aria-busy={busy || undefined}>
      {/* eslint-disable-next-line @docusaurus/prefer-docusaurus-heading -- a tool's title, not a section to link to or list in the TOC */}
      <h4 id={`${id}-title`} className={tool.title}>
        {title}
      </h4>
      <p className={tool.privacy}>{privacy}</p>
      {children}
    </section>
  );
}
