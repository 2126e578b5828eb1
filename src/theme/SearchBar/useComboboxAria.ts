import {useEffect, type RefObject} from 'react';
import {pluginStyles} from './pluginMirror';
import styles from './styles.module.css';

/**
 * Adds, under `container`, the ARIA that the plugin's combobox and listbox lack
 * (axe aria-required-attr, aria-required-children), and a name and a 24 px
 * target to its clear button (axe target-size), whenever the plugin redraws.
 */
export function useComboboxAria(container: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = container.current;
    if (!root) {
      return undefined;
    }
    const repair = () => {
      const input = root.querySelector('input[role="combobox"]');
      const listboxId = input?.getAttribute('aria-owns');
      if (input && listboxId && input.getAttribute('aria-controls') !== listboxId) {
        input.setAttribute('aria-controls', listboxId);
      }
      // A listbox may hold only options: the "See all results" link is one, and
      // "No results" is a disabled one.
      root.querySelectorAll('[role="listbox"] a:not([role])').forEach((link) => link.setAttribute('role', 'option'));
      root.querySelectorAll(`[role="listbox"] .${pluginStyles.noResults}:not([role])`).forEach((message) => {
        message.setAttribute('role', 'option');
        message.setAttribute('aria-disabled', 'true');
      });
      // The plugin's ✕ that empties the box.
      root.querySelectorAll(`.${pluginStyles.searchClearButton}:not(.${styles.clearButton})`).forEach((button) => {
        button.classList.add(styles.clearButton);
        button.setAttribute('aria-label', 'Clear the search');
      });
    };
    repair();
    const observer = new MutationObserver(repair);
    observer.observe(root, {subtree: true, childList: true, attributes: true, attributeFilter: ['aria-owns']});
    return () => observer.disconnect();
  }, [container]);
}
