import {useEffect, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode} from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import useIsBrowser from '@docusaurus/useIsBrowser';

/** How far below (or above) the viewport a tool starts loading, so it is ready by the time it scrolls in. */
const preloadMargin = '600px 0px';

/** The server's HTML of a tool, kept as it is while hydrating: React leaves an unchanged inner HTML alone. */
const serverHtml = {__html: ''};

const focusable = 'input, textarea, select, button';

export interface ApproachLoader {
  /** Asks for the tool's code; calling it again does nothing. */
  start: () => void;
  /** Settles with the tool once its code is here (at once on the server). */
  loaded: Promise<ComponentType>;
  /** The tool if its code is already here. */
  current: () => ComponentType | undefined;
}

/**
 * Wraps a tool's `import()` so its code is fetched only when `start` is called.
 * On the server it is called at once, and the calling module must `await loaded`
 * there at its top level, so every page renders with the whole tool in its HTML.
 */
export function loadOnApproach(load: () => Promise<{default: ComponentType}>): ApproachLoader {
  let start = () => {};
  const requested = new Promise<void>((resolve) => {
    start = resolve;
  });
  let settled: ComponentType | undefined;
  const loaded = requested.then(load).then((module) => (settled = module.default));
  if (!ExecutionEnvironment.canUseDOM) start();
  return {start, loaded, current: () => settled};
}

interface Props {
  loader: ApproachLoader;
  /** Shown only after a client-side navigation, where there is no server HTML to keep, until the code is here. */
  fallback: ReactNode;
}

/**
 * An interactive tool whose code loads when the reader nears it, focuses or
 * presses inside it, or opens the page at an anchor inside it, as Mermaid's
 * diagrams do (`src/theme/Mermaid`). Until then the server's HTML of the whole
 * tool stays on the page untouched; once the code is here the tool replaces it
 * with the same markup, so nothing moves.
 */
export default function LoadOnApproach({loader, fallback}: Props): ReactNode {
  const box = useRef<HTMLDivElement>(null);
  const isBrowser = useIsBrowser();
  // Hydrating: the server's HTML is on the page. After a client-side navigation it is not.
  const [hasServerHtml] = useState(!isBrowser);
  const [Tool, setTool] = useState<ComponentType | undefined>(() =>
    // On the server the tool is always here; in the browser, only once loaded and after hydration.
    !ExecutionEnvironment.canUseDOM || isBrowser ? loader.current() : undefined,
  );
  const refocus = useRef(-1);

  useEffect(() => {
    const element = box.current;
    if (!element || Tool) return undefined;
    let live = true;
    void loader.loaded.then((loaded) => {
      if (!live) return;
      refocus.current = [...element.querySelectorAll(focusable)].findIndex((field) => field === document.activeElement);
      setTool(() => loaded);
    });
    const {start} = loader;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) start();
      },
      {rootMargin: preloadMargin},
    );
    observer.observe(element);
    const onHash = () => {
      const target = window.location.hash && document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
      if (target && element.contains(target)) start();
    };
    onHash();
    element.addEventListener('focusin', start);
    element.addEventListener('pointerdown', start);
    window.addEventListener('hashchange', onHash);
    return () => {
      live = false;
      observer.disconnect();
      element.removeEventListener('focusin', start);
      element.removeEventListener('pointerdown', start);
      window.removeEventListener('hashchange', onHash);
    };
  }, [loader, Tool]);

  // The field the reader was in before the code arrived keeps the focus in the working tool.
  useLayoutEffect(() => {
    if (!Tool || refocus.current < 0) return;
    box.current?.querySelectorAll<HTMLElement>(focusable)[refocus.current]?.focus();
    refocus.current = -1;
  }, [Tool]);

  const state = Tool && isBrowser ? 'ready' : 'waiting';
  if (Tool) {
    return (
      // `data-load-on-approach` says whether the tool works yet: "waiting" for its code, or "ready".
      <div ref={box} data-load-on-approach={state}>
        <Tool />
      </div>
    );
  }
  if (!hasServerHtml) {
    return (
      <div ref={box} data-load-on-approach={state}>
        {fallback}
      </div>
    );
  }
  return <div ref={box} data-load-on-approach={state} dangerouslySetInnerHTML={serverHtml} suppressHydrationWarning />;
}
