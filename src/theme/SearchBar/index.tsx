import {useCallback, useEffect, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode} from 'react';
import {createPortal} from 'react-dom';
import clsx from 'clsx';
import {useLocation} from '@docusaurus/router';
import {translate} from '@docusaurus/Translate';
import useIsBrowser from '@docusaurus/useIsBrowser';
// The plugin's own stylesheet, so the placeholder wears the very classes of the
// real box. Docusaurus emits all CSS as one file, so it is in the first load
// anyway; only its class-name map (a few hundred bytes) joins our bundle.
import pluginStyles from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/SearchBar.module.css';
import {searchBarShortcutHint, searchBarShortcutKeymap} from '@site/src/constants/search';
import styles from './styles.module.css';

/** The plugin's parameter for the terms its component highlights on the page a result opens. */
const HIGHLIGHT_PARAM = '_highlight';

type SearchBarProps = Record<string, unknown>;
type SearchBarComponent = ComponentType<SearchBarProps>;

let loadedSearchBar: SearchBarComponent | undefined;
let loadingSearchBar: Promise<SearchBarComponent> | undefined;

/** Fetches the plugin's search box (its own chunk) once; a failed fetch is retried on the next call. */
function loadSearchBar(): Promise<SearchBarComponent> {
  loadingSearchBar ??= import('@theme-original/SearchBar').then(
    (module: {default: SearchBarComponent}) => (loadedSearchBar = module.default),
    (error: unknown) => {
      loadingSearchBar = undefined;
      throw error;
    },
  );
  return loadingSearchBar;
}

function isTypingInto(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

// The plugin's keymap rules ("mod" is ⌘ on macOS, Ctrl elsewhere) and hints, for the placeholder.
function isMacPlatform(): boolean {
  const nav = navigator as Navigator & {userAgentData?: {platform?: string}};
  return /mac/i.test(nav.userAgentData?.platform || nav.userAgent || nav.platform || '');
}

interface Keymap {
  key: string;
  ctrl: boolean;
  meta: boolean;
  alt: boolean;
  shift: boolean;
  mod: boolean;
}

function parseKeymap(keymap: string, isMac: boolean): Keymap {
  const parts = keymap
    .toLowerCase()
    .split('+')
    .map((part) => part.trim());
  const mod = parts.includes('mod');
  return {
    key: parts.find((part) => !['ctrl', 'cmd', 'mod', 'alt', 'shift'].includes(part)) ?? '',
    ctrl: parts.includes('ctrl') || (mod && !isMac),
    meta: parts.includes('cmd') || (mod && isMac),
    alt: parts.includes('alt'),
    shift: parts.includes('shift'),
    mod,
  };
}

function matchesKeymap(event: KeyboardEvent, keymap: Keymap): boolean {
  return (
    Boolean(event.key) &&
    event.key.toLowerCase() === keymap.key &&
    event.ctrlKey === keymap.ctrl &&
    event.metaKey === keymap.meta &&
    event.altKey === keymap.alt &&
    event.shiftKey === keymap.shift
  );
}

function keymapHints(keymap: Keymap, isMac: boolean): string[] {
  return [
    keymap.ctrl && !keymap.mod && 'ctrl',
    keymap.meta && !keymap.mod && (isMac ? '⌘' : 'cmd'),
    keymap.mod && (isMac ? '⌘' : 'ctrl'),
    keymap.alt && (isMac ? '⌥' : 'alt'),
    keymap.shift && (isMac ? '⇧' : 'shift'),
    keymap.key && keymap.key.toUpperCase(),
  ].filter((hint): hint is string => Boolean(hint));
}

/** Sets a React-controlled input's value the way typing does, so its onChange sees it. */
function typeInto(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', {bubbles: true}));
  input.setSelectionRange(value.length, value.length);
}

/** What the placeholder held when the real box replaced it. */
interface Handoff {
  value: string;
  focused: boolean;
  hovered: boolean;
}

const searchIconPath =
  'M6.02945 10.20327a4.17382 4.17382 0 1 1 4.17382-4.17382 4.15609 4.15609 0 0 1-4.17382 4.17382Zm9.69195 4.2199-4.8225-4.82338A5.88021 5.88021 0 0 0 12.058 6.02856 6.00467 6.00467 0 1 0 9.59979 10.8989l4.82338 4.82338a.89729.89729 0 0 0 1.29912 0 .89749.89749 0 0 0-.00087-1.29909Z';

/**
 * A copy of the plugin's search box markup (same classes, texts and hint), so
 * nothing moves when the real one replaces it; typing into it works, and what
 * was typed is handed over.
 */
function Placeholder({
  inputRef,
  onActivate,
}: {
  inputRef: (input: HTMLInputElement | null) => (() => void) | undefined;
  onActivate: () => void;
}): ReactNode {
  const isBrowser = useIsBrowser();
  const [empty, setEmpty] = useState(true);
  const label = translate({
    id: 'theme.SearchBar.label',
    message: 'Search',
    description: 'The ARIA label and placeholder for search button',
  });
  const isMac = isBrowser && isMacPlatform();
  return (
    <div className={clsx('navbar__search', pluginStyles.searchBarContainer)} dir="ltr">
      <svg aria-hidden="true" className={pluginStyles.searchIcon} focusable="false" viewBox="0 0 16 16">
        <path fill="currentColor" d={searchIconPath} />
      </svg>
      <input
        ref={inputRef}
        placeholder={label}
        aria-label={label}
        autoComplete="off"
        className={clsx('navbar__search-input', pluginStyles.searchInput)}
        onFocus={onActivate}
        onPointerEnter={onActivate}
        onTouchStart={onActivate}
        onInput={(event) => setEmpty(event.currentTarget.value === '')}
      />
      {searchBarShortcutHint && isBrowser && empty && (
        <div className={pluginStyles.searchHintContainer}>
          {keymapHints(parseKeymap(searchBarShortcutKeymap, isMac), isMac).map((hint) => (
            <kbd key={hint} className={pluginStyles.searchHint}>
              {hint}
            </kbd>
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * The local search box, loaded lazily, plus what the plugin lacks.
 *
 * - Until the first focus, hover, touch or shortcut (Ctrl/⌘+K, "/"), or a URL
 *   with terms to highlight, only a look-alike placeholder is rendered: the
 *   plugin's component (with lunr, mark.js and its worker glue) is fetched then,
 *   and focus and anything already typed move over to it.
 * - The "/" shortcut (the plugin binds only Ctrl/⌘+K).
 * - The ARIA a combobox and its listbox need (axe aria-required-attr,
 *   aria-required-children), and a named clear button of 24 px (target-size).
 */
export default function SearchBarWrapper(props: SearchBarProps): ReactNode {
  const container = useRef<HTMLDivElement>(null);
  const placeholder = useRef<HTMLInputElement | null>(null);
  const handoff = useRef<Handoff | null>(null);
  const [SearchBar, setSearchBar] = useState<SearchBarComponent | undefined>(() => loadedSearchBar);
  // Where the plugin's component renders: detached from the page until revealed.
  const [host] = useState(() => (typeof document === 'undefined' ? undefined : document.createElement('div')));
  const [revealed, setRevealed] = useState(() => loadedSearchBar !== undefined);
  const {search} = useLocation();

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
  // eslint-disable-next-line react-hooks/immutability
  useLayoutEffect(() => {
    const root = container.current;
    if (!revealed || !host || !root || host.parentNode === root) {
      return;
    }
    // eslint-disable-next-line react-hooks/immutability
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
    if (!SearchBar && new URLSearchParams(search).has(HIGHLIGHT_PARAM)) {
      load();
    }
  }, [SearchBar, search, load]);

  // Ctrl/⌘+K, until the plugin's component (which binds it itself) is on the page.
  useEffect(() => {
    if (revealed) {
      return undefined;
    }
    const keymap = parseKeymap(searchBarShortcutKeymap, isMacPlatform());
    const onKeyDown = (event: KeyboardEvent) => {
      if (placeholder.current && matchesKeymap(event, keymap)) {
        event.preventDefault();
        placeholder.current.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [revealed]);

  // "/" outside text fields focuses the box, placeholder or real.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTypingInto(event.target)) {
        return;
      }
      const input = container.current?.querySelector('input');
      if (input) {
        event.preventDefault();
        input.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  useEffect(() => {
    const root = container.current;
    if (!root) {
      return undefined;
    }
    const repairAria = () => {
      const input = root.querySelector('input[role="combobox"]');
      const listboxId = input?.getAttribute('aria-owns');
      if (input && listboxId && input.getAttribute('aria-controls') !== listboxId) {
        input.setAttribute('aria-controls', listboxId);
      }
      // A listbox may hold only options: the "See all results" link is one, and
      // "No results" is a disabled one (axe aria-required-children).
      root.querySelectorAll('[role="listbox"] a:not([role])').forEach((link) => link.setAttribute('role', 'option'));
      root.querySelectorAll(`[role="listbox"] .${pluginStyles.noResults}:not([role])`).forEach((message) => {
        message.setAttribute('role', 'option');
        message.setAttribute('aria-disabled', 'true');
      });
      // The ✕ that empties the box: a name, and a 24 px target (axe target-size).
      root.querySelectorAll(`.${pluginStyles.searchClearButton}:not(.${styles.clearButton})`).forEach((button) => {
        button.classList.add(styles.clearButton);
        button.setAttribute('aria-label', 'Clear the search');
      });
    };
    repairAria();
    const observer = new MutationObserver(repairAria);
    observer.observe(root, {subtree: true, childList: true, attributes: true, attributeFilter: ['aria-owns']});
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={container} className={styles.wrapper}>
      {!revealed && <Placeholder inputRef={placeholderRef} onActivate={load} />}
      {SearchBar && host && createPortal(<SearchBar {...props} />, host)}
    </div>
  );
}
