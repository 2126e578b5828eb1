import type {ClientModule} from '@docusaurus/types';
import {loadPrism} from '.';

// Takes the place of theme-classic's `prism-include-languages` client module
// in the browser (docusaurus.config.ts), which put Prism (about 29 KB gzip) in
// every page's main bundle; ./prism.ts registers the languages instead.

/** Where Docusaurus prefetches no link (2g, data saver), Prism is not loaded ahead either. */
function isSlowConnection(): boolean {
  const connection = (navigator as {connection?: {effectiveType?: string; saveData?: boolean}}).connection;
  return connection?.effectiveType?.includes('2g') === true || connection?.saveData === true;
}

function loadPrismAhead(): void {
  if (!isSlowConnection()) void loadPrism();
}

const whenIdle = (callback: () => void) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(callback) : setTimeout(callback, 1);

const clientModule: ClientModule = {
  // The first call is the page's own hydration: Prism loads once the page is idle, ready for the next page.
  onRouteDidUpdate({previousLocation}) {
    if (previousLocation === null) whenIdle(loadPrismAhead);
  },
  // A navigation to another page, whose code blocks are rendered here and need Prism (the
  // search page rewriting its own address is not one).
  onRouteUpdate({previousLocation, location}) {
    if (previousLocation !== null && previousLocation.pathname !== location.pathname) void loadPrism();
  },
};

export default clientModule;
