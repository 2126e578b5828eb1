import {useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode} from 'react';
import {createPortal} from 'react-dom';
import {useLocation} from '@docusaurus/router';
import Placeholder from './Placeholder';
import {loadedSearchBar, loadSearchBar, type PluginSearchBar} from './loadSearchBar';
import {SEARCH_PARAM_HIGHLIGHT, type PluginSearchBarProps} from './pluginMirror';
import {useComboboxAria} from './useComboboxAria';
import {useSearchShortcuts} from './useSearchShortcuts';
import styles from './styles.module.css';

/** What the placeholder held when the real box replaced it. */
interface Handoff {
  value: string;
  focused: boolean;
  hovered: boolean;
}

/** Sets a React-controlled input's value the way typing does, so its onChange sees it. */
function typeInto(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', {bubbles: true}));
  input.setSelectionRange(value.length, value.length);
}

/**
 * The local search box, loaded lazily, plus what the plugin lacks.
 *
 * - Until the first focus, hover, touch or shortcut (Ctrl/⌘+K, "/"), or a URL
 *   with terms to highlight, only a look-alike placeholder is rendered: the
 *   plugin's component (with lunr, mark.js and its worker glue) is fetched then,
 *   and focus and anything already typed move over to it.
 * - The "/" shortcut (the plugin binds only Ctrl/⌘+K).
 * - The ARIA a combobox and its listbox need, and a named clear button of 24 px.
 */
export default function SearchBarWrapper(props: PluginSearchBarProps): ReactNode {
  const container = useRef<HTMLDivElement>(null);
  const placeholder = useRef<HTMLInputElement | null>(null);
  const handoff = useRef<Handoff | null>(null);
  const [SearchBar, setSearchBar] = useState<PluginSearchBar | undefined>(() => loadedSearchBar());
  // Where the plugin's component renders: detached from the page until revealed.
  const [host] = useState(() => (typeof document === 'undefined' ? undefined : document.createElement('div')));
  const [revealed, setRevealed] = useState(() => loadedSearchBar() !== undefined);
  const {search} = useLocation();

  useSearchShortcuts(container, revealed);
  useComboboxAria(container);

  const load = useCallback(() => {
    loadSearchBar().then(
      (component) => setSearchBar(() => component),
      () => {}, // Offline or a stale deploy: the next interaction tries again.
    );
  }, []);

  // React detaches the ref just before it removes the placeholder: note what it holds.
  const placeholderRef = useCallback((input: HTMLInputElement | null) => {
    placeholder.current = input;
    if (!input) {
      return undefined;
    }
    return () => {
      placeholder.current = null;
      handoff.current = {
        value: input.value,
        focused: document.activeElement === input,
        hovered: input.matches(':hover'),
      };
    };
  }, []);

  // On mount, the plugin's component empties its box after a zero-delay timeout
  // (it fills the box with the terms of a "_highlight" URL, or with nothing):
  // it mounts off the page, so the placeholder keeps focus and every keystroke
  // until then, and is revealed on the next zero-delay timeout.
  useEffect(() => {
    if (!SearchBar || revealed) {
      return undefined;
    }
    const timeout = window.setTimeout(() => setRevealed(true), 0);
    return () => window.clearTimeout(timeout);
  }, [SearchBar, revealed]);

  // Swap in the real box and hand over, in the commit that removes the
  // placeholder, so no keystroke can land in between. `host` is a DOM node made
  // once for the portal, not state that renders: effects may attach and style it.
  // eslint-disable-next-line react-hooks/immutability -- `host` is the portal's DOM node, not state that renders
  useLayoutEffect(() => {
    const root = container.current;
    if (!revealed || !host || !root || host.parentNode === root) {
      return;
    }
    // eslint-disable-next-line react-hooks/immutability -- see above: a DOM node, styled once it is attached
    host.className = styles.wrapper;
    root.appendChild(host);
    const state = handoff.current;
    handoff.current = null;
    const input = host.querySelector<HTMLInputElement>('input.navbar__search-input');
    if (!state || !input) {
      return;
    }
    if (state.focused) {
      input.focus(); // The plugin loads its index on focus.
    } else if (state.hovered) {
      // The plugin loads its index on mouseenter; the pointer is already inside.
      input.dispatchEvent(new MouseEvent('mouseover', {bubbles: true, relatedTarget: null}));
    }
    if (state.value) {
      // Outside React's commit, so the controlled input keeps the value.
      queueMicrotask(() => typeInto(input, state.value + input.value));
    }
  }, [revealed, host]);

  // Focus or text that reached the server-rendered placeholder before hydration.
  useEffect(() => {
    const input = placeholder.current;
    if (input && (document.activeElement === input || input.value !== '')) {
      load();
    }
  }, [load]);

  // The plugin's component highlights the searched terms on the page a result opens.
  useEffect(() => {
    if (!SearchBar && new URLSearchParams(search).has(SEARCH_PARAM_HIGHLIGHT)) {
      load();
    }
  }, [SearchBar, search, load]);

  return (
    <div ref={container} className={styles.wrapper}>
      {!revealed && <Placeholder inputRef={placeholderRef} onActivate={load} />}
      {SearchBar && host && createPortal(<SearchBar {...props} />, host)}
    </div>
  );
}
