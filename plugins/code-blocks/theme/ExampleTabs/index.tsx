import type {KeyboardEvent, MouseEvent, ReactNode} from 'react';
import clsx from 'clsx';
import {ThemeClassNames} from '@docusaurus/theme-common';
import {
  sanitizeTabsChildren,
  TabsProvider,
  useScrollPositionBlocker,
  useTabs,
  useTabsContextValue,
} from '@docusaurus/theme-common/internal';
import type {TabGroup} from '../../languages';
import styles from './styles.module.css';

interface Props {
  /**
   * `language` tabs (curl, Node.js, Python) share one choice across the site;
   * `framework` tabs share another.
   */
  group: TabGroup;
  /** One `<ExampleTab>` per sample file, written by the remark plugin. */
  children: ReactNode;
}

/** The tab list: theme-classic's Tabs' own, as upstream renders it. */
function TabList() {
  const {selectedValue, selectValue, tabValues} = useTabs();
  const tabRefs: (HTMLLIElement | null)[] = [];
  const {blockElementScrollPositionUntilNextRender} = useScrollPositionBlocker();
  const handleTabChange = (event: MouseEvent<HTMLLIElement> | KeyboardEvent<HTMLLIElement>) => {
    const tab = event.currentTarget;
    const value = tabValues[tabRefs.indexOf(tab)].value;
    if (value !== selectedValue) {
      blockElementScrollPositionUntilNextRender(tab);
      selectValue(value);
    }
  };
  const handleKeydown = (event: KeyboardEvent<HTMLLIElement>) => {
    let focusElement: HTMLLIElement | null | undefined = null;
    const index = tabRefs.indexOf(event.currentTarget);
    if (event.key === 'Enter') handleTabChange(event);
    else if (event.key === 'ArrowRight') focusElement = tabRefs[index + 1] ?? tabRefs[0];
    else if (event.key === 'ArrowLeft') focusElement = tabRefs[index - 1] ?? tabRefs[tabRefs.length - 1];
    focusElement?.focus();
  };
  return (
    <ul role="tablist" aria-orientation="horizontal" className="tabs">
      {tabValues.map(({value, label, attributes}) => (
        // The ARIA tabs pattern (as upstream): the list item is the tab, focusable and keyboard-operated.
        <li
          role="tab"
          tabIndex={selectedValue === value ? 0 : -1}
          aria-selected={selectedValue === value}
          key={value}
          ref={(ref) => {
            tabRefs.push(ref);
          }}
          onKeyDown={handleKeydown}
          onClick={handleTabChange}
          {...attributes}
          className={clsx('tabs__item', styles.tabItem, attributes?.className as string | undefined, {
            'tabs__item--active': selectedValue === value,
          })}
        >
          {label ?? value}
        </li>
      ))}
    </ul>
  );
}

/**
 * Tested example files side by side; a reader's choice follows them from page
 * to page. theme-classic's Tabs with one change: upstream remounts its tabs
 * right after hydration (`key={String(isBrowser)}`), which throws away and
 * renders again every code block in them. The reader's stored choice is
 * applied by the tabs' own layout effect after hydration, which React patches
 * into the server's DOM like any state change, so the remount buys nothing.
 */
export default function ExampleTabs({group, children}: Props): ReactNode {
  const value = useTabsContextValue({groupId: group, children});
  return (
    <TabsProvider value={value}>
      <div className={clsx(ThemeClassNames.tabs.container, 'tabs-container', styles.tabList)}>
        <TabList />
        <div className="margin-top--md">{sanitizeTabsChildren(children)}</div>
      </div>
    </TabsProvider>
  );
}
