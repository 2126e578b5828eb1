// In the browser's bundle, this module takes the place of `@docusaurus/theme-common`'s
// `hooks/useWindowSize.js` (./plugin.ts). The same hook, with one change: its
// updates (the first one right after hydration, then one per breakpoint
// crossed) are transitions, which React renders in slices of a few
// milliseconds. The first one swaps the desktop sidebar for the mobile menu
// on a phone, or the reverse: about 80 elements removed and 80 created.
import {startTransition, useEffect, useState} from 'react';

type WindowSize = 'desktop' | 'mobile' | 'ssr';

/** The width above which the layout is the desktop one: Infima's breakpoint. */
const desktopBreakpointDefault = 996;

export function useWindowSize({
  desktopBreakpoint = desktopBreakpointDefault,
}: {desktopBreakpoint?: number} = {}): WindowSize {
  // The server's value first, as upstream, so hydration matches the HTML.
  const [windowSize, setWindowSize] = useState<WindowSize>('ssr');
  useEffect(() => {
    function updateWindowSize() {
      const size = window.innerWidth > desktopBreakpoint ? 'desktop' : 'mobile';
      startTransition(() => setWindowSize(size));
    }
    updateWindowSize();
    window.addEventListener('resize', updateWindowSize);
    return () => window.removeEventListener('resize', updateWindowSize);
  }, [desktopBreakpoint]);
  return windowSize;
}
