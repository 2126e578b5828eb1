import type {ReactNode} from 'react';
import Tabs from '@theme/Tabs';
import type {TabGroup} from '../../languages';

interface Props {
  /**
   * `language` tabs (curl, Node.js, Python) share one choice across the site;
   * `framework` tabs share another.
   */
  group: TabGroup;
  /** One `<ExampleTab>` per sample file, written by the remark plugin. */
  children: ReactNode;
}

/** Tested example files side by side; a reader's choice follows them from page to page. */
export default function ExampleTabs({group, children}: Props): ReactNode {
  return <Tabs groupId={group}>{children}</Tabs>;
}
