/**
 * Everything this folder takes from the plugin's internals, mirroring
 * @easyops-cn/docusaurus-search-local 0.55.3, so the placeholder can look and
 * answer like the plugin's search box before that box (and lunr) has loaded.
 * The plugin exports none of these: its package has no `exports` map, its
 * `main` is the server side, and its client side is reachable only through the
 * SearchBar component that we load lazily.
 *
 * On a plugin upgrade, compare each piece with the file named above it (paths
 * under dist/client/client/), and Placeholder.tsx, which lays the pieces out as
 * theme/SearchBar/SearchBar.jsx does, then update MIRRORED_PLUGIN_VERSION:
 * tests/unit/search/plugin-mirror.test.ts fails until the two agree.
 */

// theme/SearchBar/SearchBar.module.css, imported, not copied: the plugin's
// stylesheet is in the site's one CSS file anyway, and a copy would load those
// rules twice. Only its class-name map, a few hundred bytes, joins our bundle.
import pluginStyles from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/SearchBar.module.css';

export {pluginStyles};

export const MIRRORED_PLUGIN_VERSION = '0.55.3';

/** theme/SearchBar/SearchBar.jsx: the props of the plugin's component. */
export interface PluginSearchBarProps {
  handleSearchBarToggle?: (expanded: boolean) => void;
}

/** theme/SearchBar/SearchBar.jsx: the parameter holding the terms to highlight on the page a result opens. */
export const SEARCH_PARAM_HIGHLIGHT = '_highlight';

/** theme/SearchBar/SearchBar.jsx: the magnifier drawn in the box (viewBox 0 0 16 16). */
export const SEARCH_ICON_PATH =
  'M6.02945 10.20327a4.17382 4.17382 0 1 1 4.17382-4.17382 4.15609 4.15609 0 0 1-4.17382 4.17382Zm9.69195 4.2199-4.8225-4.82338A5.88021 5.88021 0 0 0 12.058 6.02856 6.00467 6.00467 0 1 0 9.59979 10.8989l4.82338 4.82338a.89729.89729 0 0 0 1.29912 0 .89749.89749 0 0 0-.00087-1.29909Z';

/** utils/platform.js: "mod" in a keymap is ⌘ on macOS, Ctrl elsewhere. */
export function isMacPlatform(): boolean {
  if (typeof navigator === 'undefined') {
    return false;
  }
  const nav = navigator as Navigator & {userAgentData?: {platform?: string}};
  if (nav.userAgentData?.platform) {
    return nav.userAgentData.platform.toLowerCase().includes('mac');
  }
  if (nav.userAgent) {
    return /mac/i.test(nav.userAgent);
  }
  return Boolean(nav.platform) && nav.platform.toLowerCase().includes('mac');
}

/** utils/keymap.js: a keymap such as "mod+k" or "ctrl+shift+f", parsed. */
export interface Keymap {
  key: string;
  ctrl: boolean;
  alt: boolean;
  shift: boolean;
  meta: boolean;
}

function keymapParts(keymap: string): string[] {
  return keymap
    .toLowerCase()
    .split('+')
    .map((part) => part.trim());
}

/** utils/keymap.js */
export function parseKeymap(keymap: string): Keymap {
  const result: Keymap = {key: '', ctrl: false, alt: false, shift: false, meta: false};
  const isMac = isMacPlatform();
  for (const part of keymapParts(keymap)) {
    switch (part) {
      case 'ctrl':
        result.ctrl = true;
        break;
      case 'cmd':
        result.meta = true;
        break;
      case 'mod':
        result[isMac ? 'meta' : 'ctrl'] = true;
        break;
      case 'alt':
      case 'shift':
        result[part] = true;
        break;
      default:
        result.key = part; // The last one wins.
    }
  }
  return result;
}

/** utils/keymap.js */
export function matchesKeymap(event: KeyboardEvent, keymap: Keymap): boolean {
  return (
    Boolean(event.key) &&
    event.key.toLowerCase() === keymap.key &&
    event.ctrlKey === keymap.ctrl &&
    event.altKey === keymap.alt &&
    event.shiftKey === keymap.shift &&
    event.metaKey === keymap.meta
  );
}

/** utils/keymap.js: the keys shown in the box's shortcut hint. */
export function getKeymapHints(keymap: string, isMac: boolean): string[] {
  const parsed = parseKeymap(keymap);
  const hasMod = keymapParts(keymap).includes('mod');
  return [
    parsed.ctrl && !hasMod && 'ctrl',
    parsed.meta && !hasMod && (isMac ? '⌘' : 'cmd'),
    hasMod && (isMac ? '⌘' : 'ctrl'),
    parsed.alt && (isMac ? '⌥' : 'alt'),
    parsed.shift && (isMac ? '⇧' : 'shift'),
    parsed.key && parsed.key.toUpperCase(),
  ].filter((hint): hint is string => Boolean(hint));
}
