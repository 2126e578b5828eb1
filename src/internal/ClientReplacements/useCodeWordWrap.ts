// In the browser's bundle, this module takes the place of `@docusaurus/theme-common`'s
// `hooks/useCodeWordWrap.js` (./plugin.ts). The same hook, with the same
// result: whether the block scrolls sideways (so that its "Toggle word wrap"
// button shows) and the toggle. What changes is when the block is measured.
// Upstream measures every block in an effect right after hydration (a forced
// layout per block) and watches each block in a hidden tab panel with a
// MutationObserver, whose options hook sorts its keys with `localeCompare` on
// every render: on the quickstart's 26 blocks, about 30 ms of a phone's
// hydration task. Here one IntersectionObserver measures the blocks: its
// callback runs after the browser's own layout, so a measure forces none, and
// the result is a transition. Its first callback measures every block that is
// shown (before the buttons appear, src/theme/CodeBlock/Buttons, so a button
// group never widens on screen); a block of a hidden tab panel is measured
// when it comes within a screen of the viewport, so its button is there before
// the reader sees it.
import {startTransition, useCallback, useEffect, useRef, useState, type RefObject} from 'react';

type Measure = () => void;

const measures = new WeakMap<Element, Measure>();
let observer: IntersectionObserver | undefined;

/** The one observer of every code block, made on first use (never on the server). */
function blockObserver(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        // A block in a hidden tab panel has no box: nothing to measure until it is shown.
        if (entry.isIntersecting || entry.boundingClientRect.width > 0) measures.get(entry.target)?.();
      }
    },
    {rootMargin: '100% 0px'},
  );
  return observer;
}

/**
 * A ref whose element is observed while it is attached. A ref object, not an
 * effect, because the `<pre>` can change under the same hook: a block rendered
 * in the browser is drawn plain, then again with Prism's tokens once Prism has
 * loaded (src/internal/LazyPrism), in a new `<pre>`.
 */
function observedBlockRef(measure: (block: HTMLPreElement) => void): RefObject<HTMLPreElement | null> {
  let current: HTMLPreElement | null = null;
  return {
    get current() {
      return current;
    },
    set current(block) {
      if (current) {
        blockObserver().unobserve(current);
        measures.delete(current);
      }
      current = block;
      if (block) {
        measures.set(block, () => measure(block));
        blockObserver().observe(block);
      }
    },
  };
}

export function useCodeWordWrap(): {
  codeBlockRef: RefObject<HTMLPreElement | null>;
  isEnabled: boolean;
  isCodeScrollable: boolean;
  toggle: () => void;
} {
  const [isEnabled, setIsEnabled] = useState(false);
  const [isCodeScrollable, setIsCodeScrollable] = useState(false);
  const [codeBlockRef] = useState(() =>
    observedBlockRef((block) => {
      const isScrollable =
        block.scrollWidth > block.clientWidth || Boolean(block.querySelector('code')?.hasAttribute('style'));
      startTransition(() => setIsCodeScrollable(isScrollable));
    }),
  );

  const toggle = useCallback(() => {
    const codeElement = codeBlockRef.current?.querySelector('code');
    if (!codeElement) return;
    if (isEnabled) {
      codeElement.removeAttribute('style');
    } else {
      codeElement.style.whiteSpace = 'pre-wrap';
      // No scrollbar at all once wrapped, even for one very long token.
      codeElement.style.overflowWrap = 'anywhere';
    }
    setIsEnabled((value) => !value);
  }, [codeBlockRef, isEnabled]);

  const updateCodeIsScrollable = useCallback(() => {
    const block = codeBlockRef.current;
    if (block) measures.get(block)?.();
  }, [codeBlockRef]);

  useEffect(() => {
    window.addEventListener('resize', updateCodeIsScrollable, {passive: true});
    return () => window.removeEventListener('resize', updateCodeIsScrollable);
  }, [updateCodeIsScrollable]);

  // After a toggle the block has changed width: measure it again (not on mount: the observer does).
  const toggled = useRef(false);
  useEffect(() => {
    if (toggled.current) updateCodeIsScrollable();
    toggled.current = true;
  }, [isEnabled, updateCodeIsScrollable]);

  return {codeBlockRef, isEnabled, isCodeScrollable, toggle};
}
