import {startTransition, useEffect, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Buttons from '@theme-init/CodeBlock/Buttons';
import type ButtonsType from '@theme/CodeBlock/Buttons';
import type {WrapperProps} from '@docusaurus/types';
import styles from './styles.module.css';

type Props = WrapperProps<typeof ButtonsType>;

/** Whether the page has been idle once since it loaded: blocks rendered after that get their buttons at once. */
let idleOnce = false;
const waiting = new Set<() => void>();

/** Calls `callback` once the browser is first idle after hydration (one idle callback for every block). */
function whenIdle(callback: () => void): () => void {
  if (waiting.size === 0) {
    const flush = () => {
      idleOnce = true;
      for (const waiter of waiting) waiter();
      waiting.clear();
    };
    if (typeof requestIdleCallback === 'function') requestIdleCallback(flush, {timeout: 2000});
    else setTimeout(flush, 200);
  }
  waiting.add(callback);
  return () => waiting.delete(callback);
}

/**
 * The stock Copy and word wrap buttons, which upstream renders in the browser
 * only. Upstream adds them in the render that follows hydration, a synchronous
 * one: on the quickstart 26 blocks' buttons, icons and effects in one long
 * task at a phone's speed. Here they come when the browser is first idle, as
 * a transition, which React renders in slices; a block rendered later (a
 * client-side navigation) gets them at once, as upstream. On a touch screen
 * they are always shown, in the block's title bar (./styles.module.css).
 */
export default function ButtonsWrapper(props: Props): ReactNode {
  const [ready, setReady] = useState(idleOnce);
  useEffect(() => {
    if (ready) return undefined;
    return whenIdle(() => startTransition(() => setReady(true)));
  }, [ready]);
  return ready ? <Buttons {...props} className={clsx(props.className, styles.buttons)} /> : null;
}
