import type {ReactNode} from 'react';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import ExampleCode from '@site/src/components/ExampleCode';
import styles from './styles.module.css';
import {
  exampleTabLabel,
  exampleTabValue,
  type Example,
  type TabGroup,
} from '@site/src/components/ExampleCode/languages';

interface Props {
  /** Examples imported raw from examples/, one per tab. */
  examples: readonly Example[];
  /**
   * `language` tabs (curl, Node.js, Python) share one choice across the site;
   * `framework` tabs share another. A tab's label comes from the file's
   * language unless `label` says otherwise.
   */
  group?: TabGroup;
}

/** Tested example files side by side; a reader's choice follows them from page to page. */
export default function ExampleTabs({examples, group = 'language'}: Props): ReactNode {
  return (
    <Tabs groupId={group}>
      {examples.map((example) => (
        <TabItem key={example.file} value={exampleTabValue(group, example)} label={exampleTabLabel(example)}>
          {/* Paper shows every tab's panel (src/css/print.css), so each says which it is. */}
          <p className={styles.printLabel}>{exampleTabLabel(example)}</p>
          <ExampleCode {...example} />
        </TabItem>
      ))}
    </Tabs>
  );
}
