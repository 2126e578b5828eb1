import {useEffect, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {createStorageSlot} from '@docusaurus/theme-common';
import {tabGroups, type TabGroup} from '../../../code-blocks/languages';
import {orderTabs} from '../../format';
import styles from './styles.module.css';

interface Props {
  /** URL path of the page's Markdown twin, written by the build (plugins/markdown-twins). */
  twinUrl: string;
}

type Status = 'idle' | 'copied' | 'failed';

/** The tab each synced group shows, as Docusaurus's Tabs store it. */
function tabChoices(): Partial<Record<TabGroup, string>> {
  return Object.fromEntries(
    tabGroups.flatMap((group) => {
      const value = createStorageSlot(`docusaurus.tab.${group}`).get();
      return value ? [[group, value]] : [];
    }),
  );
}

async function twinText(url: string): Promise<string> {
  const response = await fetch(url, {credentials: 'same-origin'});
  if (!response.ok) {
    throw new Error(`${url}: HTTP ${response.status}`);
  }
  return orderTabs(await response.text(), tabChoices());
}

async function copyToClipboard(text: Promise<string>): Promise<void> {
  // Safari keeps the click's permission across the fetch only for a ClipboardItem holding a promise.
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
    const blob = text.then((value) => new Blob([value], {type: 'text/plain'}));
    await navigator.clipboard.write([new ClipboardItem({'text/plain': blob})]);
  } else {
    await navigator.clipboard.writeText(await text);
  }
}

/**
 * Copies the page as Markdown (its twin, with the reader's chosen code language
 * first in every tab group), for pasting into an assistant. Same-origin fetch
 * only; nothing is sent anywhere.
 */
export default function CopyPage({twinUrl}: Props): ReactNode {
  const [status, setStatus] = useState<Status>('idle');
  const reset = useRef<number>(undefined);
  useEffect(() => () => window.clearTimeout(reset.current), []);

  const copy = async () => {
    window.clearTimeout(reset.current);
    try {
      await copyToClipboard(twinText(twinUrl));
      setStatus('copied');
      reset.current = window.setTimeout(() => setStatus('idle'), 4_000);
    } catch {
      setStatus('failed');
    }
  };

  return (
    <div className={styles.copyPage}>
      <button
        type="button"
        className={clsx('button button--sm button--outline button--secondary', styles.button)}
        onClick={() => void copy()}
      >
        {status === 'copied' ? 'Copied' : 'Copy page'}
      </button>
      {/* A plain link: the twin is a file, not a route the client router knows. */}
      {/* eslint-disable-next-line @docusaurus/no-html-links -- see above */}
      <a className={styles.markdownLink} href={twinUrl} type="text/markdown">
        View as Markdown
      </a>
      <span role="status" className={styles.status}>
        {status === 'copied' && 'Page copied as Markdown.'}
        {status === 'failed' && 'Could not copy. Open "View as Markdown" and copy from there.'}
      </span>
    </div>
  );
}
