import {useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {translate} from '@docusaurus/Translate';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {searchBarShortcutHint, searchBarShortcutKeymap} from '@site/src/constants/search';
import {getKeymapHints, isMacPlatform, pluginStyles, SEARCH_ICON_PATH} from './pluginMirror';

interface PlaceholderProps {
  /** A callback ref; the cleanup it returns runs just before React removes the input. */
  inputRef: (input: HTMLInputElement | null) => (() => void) | undefined;
  /** The first focus, hover or touch: time to load the real box. */
  onActivate: () => void;
}

/**
 * The markup of the plugin's closed search box (theme/SearchBar/SearchBar.jsx,
 * at the version pluginMirror.ts names), with the same classes, texts and
 * shortcut hint, so nothing moves when the real box replaces it. Typing into
 * it works; the wrapper hands what was typed over.
 */
export default function Placeholder({inputRef, onActivate}: PlaceholderProps): ReactNode {
  const isBrowser = useIsBrowser();
  const [empty, setEmpty] = useState(true);
  const label = translate({
    id: 'theme.SearchBar.label',
    message: 'Search',
    description: 'The ARIA label and placeholder for search button',
  });
  return (
    <div className={clsx('navbar__search', pluginStyles.searchBarContainer)} dir="ltr">
      <svg aria-hidden="true" className={pluginStyles.searchIcon} focusable="false" viewBox="0 0 16 16">
        <path fill="currentColor" d={SEARCH_ICON_PATH} />
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
          {getKeymapHints(searchBarShortcutKeymap, isMacPlatform()).map((hint) => (
            <kbd key={hint} className={pluginStyles.searchHint}>
              {hint}
            </kbd>
          ))}
        </div>
      )}
    </div>
  );
}
