import {useEffect, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode} from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import useIsBrowser from '@docusaurus/useIsBrowser';

/** How far below (or above) the viewport a tool starts loading, so it is ready by the time it scrolls in. */
const preloadMargin = '600px 0px';

/** The server's HTML of a tool, kept as it is while hydrating: React leaves an unchanged inner HTML alone. */
const serverHtml = {__html: ''};

const focusable = 'input, textarea, select, button';
const fields = 'input, textarea, select';

/**
 * What changes a field's value (a select fires `input` too), the focus or the caret. Not `change`: a
 * field the reader edited fires it as React removes it, with the focus already gone.
 */
const readerActions = ['input', 'focusin', 'keyup', 'pointerup'] as const;

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** What the reader had typed or chosen in the server's HTML of a tool, field by field, and where the caret was. */
interface Kept {
  values: string[];
  focused: number;
  selection: [number, number] | undefined;
}

function keep(element: HTMLElement): Kept {
  const all = [...element.querySelectorAll<Field>(fields)];
  const active = document.activeElement;
  const caret = active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement ? active : undefined;
  return {
    values: all.map((field) => field.value),
    focused: [...element.querySelectorAll(focusable)].findIndex((control) => control === active),
    selection:
      caret && all.includes(caret) && caret.selectionStart !== null
        ? [caret.selectionStart, caret.selectionEnd ?? caret.selectionStart]
        : undefined,
  };
}

/**
 * Puts each kept value into the working tool's field at the same place, as if typed: through the
 * element's own value setter (React's tracker then sees a change) and the event React listens to,
 * so the tool's state has it too. Fields the reader left as they were are not touched.
 */
function restore(element: HTMLElement, kept: Kept): void {
  for (const [i, field] of [...element.querySelectorAll<Field>(fields)].entries()) {
    const value = kept.values[i];
    if (value === undefined || field.value === value) continue;
    const prototype = Object.getPrototypeOf(field) as object;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', {bubbles: true}));
  }
  const control = element.querySelectorAll<HTMLElement>(focusable)[kept.focused];
  if (!control) return;
  control.focus();
  if (kept.selection && (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement)) {
    control.setSelectionRange(...kept.selection);
  }
}

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
  const kept = useRef<Kept | undefined>(undefined);
  const swapped = useRef(false);

  useEffect(() => {
    const element = box.current;
    if (!element || Tool) return undefined;
    let live = true;
    // Read when the code arrives and again at each keystroke, choice or focus until the working tool
    // replaces the server's HTML, which React does a task or more later.
    const remember = () => {
      if (!swapped.current) kept.current = keep(element);
    };
    void loader.loaded.then((loaded) => {
      if (!live) return;
      remember();
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
    for (const type of readerActions) element.addEventListener(type, remember);
    window.addEventListener('hashchange', onHash);
    return () => {
      live = false;
      observer.disconnect();
      element.removeEventListener('focusin', start);
      element.removeEventListener('pointerdown', start);
      for (const type of readerActions) element.removeEventListener(type, remember);
      window.removeEventListener('hashchange', onHash);
    };
  }, [loader, Tool]);

  // What the reader typed or chose before the code arrived, and the field they were in, carry over to
  // the working tool before it is painted.
  useLayoutEffect(() => {
    if (!Tool || !box.current) return;
    swapped.current = true;
    if (kept.current) restore(box.current, kept.current);
    kept.current = undefined;
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
