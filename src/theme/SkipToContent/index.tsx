import type {MouseEvent, ReactNode} from 'react';
import SkipToContent from '@theme-original/SkipToContent';
import {SkipToContentFallbackId} from '@docusaurus/theme-common';

/**
 * The stock link gives <main> a temporary tabindex, focuses it and removes the
 * tabindex at once; current Chromium then moves focus back to <body>. After the
 * stock handler has run, focus the same target again and keep it focusable
 * until focus leaves it.
 */
function keepFocusOnMainContent(event: MouseEvent<HTMLDivElement>): void {
  if (!(event.target instanceof HTMLAnchorElement)) {
    return;
  }
  const target =
    document.querySelector<HTMLElement>('main:first-of-type') ?? document.getElementById(SkipToContentFallbackId);
  if (!target || document.activeElement === target) {
    return;
  }
  target.setAttribute('tabindex', '-1');
  target.focus();
  target.addEventListener('blur', () => target.removeAttribute('tabindex'), {once: true});
}

export default function SkipToContentWrapper(): ReactNode {
  return (
    // The click comes from the keyboard-operable link inside; this only listens.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- only listens, see above
    <div onClick={keepFocusOnMainContent}>
      <SkipToContent />
    </div>
  );
}
