import {useEffect, useRef, type ReactNode} from 'react';
import SearchBar from '@theme-original/SearchBar';
import styles from './styles.module.css';

function isTypingInto(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/**
 * The local search box, plus what the plugin lacks: the "/" shortcut (it binds
 * Ctrl/⌘+K itself), and the ARIA a combobox and its listbox need (axe
 * aria-required-attr, aria-required-children).
 */
export default function SearchBarWrapper(): ReactNode {
  const container = useRef<HTMLDivElement>(null);
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
      // A listbox may hold only options: the "See all results" link is one.
      root.querySelectorAll('[role="listbox"] a:not([role])').forEach((link) => link.setAttribute('role', 'option'));
    };
    repairAria();
    const observer = new MutationObserver(repairAria);
    observer.observe(root, {subtree: true, childList: true, attributes: true, attributeFilter: ['aria-owns']});
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={container} className={styles.wrapper}>
      <SearchBar />
    </div>
  );
}
