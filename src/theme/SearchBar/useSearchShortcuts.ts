import {useEffect, type RefObject} from 'react';
import {searchBarShortcutKeymap} from '@site/src/constants/search';
import {matchesKeymap, parseKeymap} from './pluginMirror';

function isTypingInto(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

function isSlash(event: KeyboardEvent): boolean {
  return event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTypingInto(event.target);
}

/**
 * Focuses the search box in `container`, placeholder or real, on the plugin's
 * shortcut (Ctrl/⌘+K) until the plugin's own box, which binds it, is on the
 * page, and on "/" outside text fields, which the plugin does not bind.
 */
export function useSearchShortcuts(container: RefObject<HTMLElement | null>, pluginBoxShown: boolean): void {
  useEffect(() => {
    const keymap = parseKeymap(searchBarShortcutKeymap);
    const onKeyDown = (event: KeyboardEvent) => {
      const input = container.current?.querySelector('input');
      if (input && ((!pluginBoxShown && matchesKeymap(event, keymap)) || isSlash(event))) {
        event.preventDefault();
        input.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [container, pluginBoxShown]);
}
