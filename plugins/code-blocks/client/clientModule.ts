import type {ClientModule} from '@docusaurus/types';
import {loadPrism} from '.';

// Loads Prism ahead of the code blocks the browser will render. Its Highlight
// (./index.tsx) loads it on demand, and theme-classic's client module no longer
// imports it (patches/@docusaurus+theme-classic+*.patch), so Prism (about 29 KB
// gzip) is in no page's main bundle.
//
// Prism is not loaded while a page loads, nor once it is idle: evaluating it
// is a long task on a slow phone, counted in the page's blocking time. It
// loads when the reader shows an intent to leave for another page (pointing
// at or focusing a link to it, as Docusaurus prefetches on), and in any case
// when a navigation starts.

/** Where Docusaurus prefetches no link (2g, data saver), Prism is not loaded ahead either. */
function isSlowConnection(): boolean {
  const connection = (navigator as {connection?: {effectiveType?: string; saveData?: boolean}}).connection;
  return connection?.effectiveType?.includes('2g') === true || connection?.saveData === true;
}

/** A link to another page of this site. */
function leadsToAnotherPage(target: EventTarget | null): boolean {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement)) return false;
  const url = new URL(link.href, window.location.href);
  return url.origin === window.location.origin && url.pathname !== window.location.pathname;
}

const intents = ['pointerover', 'focusin'] as const;

function loadOnIntent(event: Event): void {
  if (!leadsToAnotherPage(event.target)) return;
  for (const type of intents) document.removeEventListener(type, loadOnIntent, true);
  void loadPrism();
}

const clientModule: ClientModule = {
  // The first call is the page's own hydration.
  onRouteDidUpdate({previousLocation}) {
    if (previousLocation !== null || isSlowConnection()) return;
    for (const type of intents) document.addEventListener(type, loadOnIntent, {capture: true, passive: true});
  },
  // A navigation to another page, whose code blocks are rendered here and need Prism (the
  // search page rewriting its own address is not one).
  onRouteUpdate({previousLocation, location}) {
    if (previousLocation !== null && previousLocation.pathname !== location.pathname) void loadPrism();
  },
};

export default clientModule;
