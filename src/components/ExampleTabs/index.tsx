import type {ReactNode} from 'react';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import ExampleCode from '@site/src/components/ExampleCode';
import {exampleLanguage, type Example} from '@site/src/components/ExampleCode/languages';

interface Props {
  /** Examples imported raw from examples/, one per tab. */
  examples: readonly Example[];
  /**
   * `language` tabs (curl, Node.js, Python) share one choice across the site;
   * `framework` tabs share another. A tab's label comes from the file's
   * language unless `label` says otherwise.
   */
  group?: 'language' | 'framework';
}

/** Tested example files side by side; a reader's choice follows them from page to page. */
export default function ExampleTabs({examples, group = 'language'}: Props): ReactNode {
  return (
    <Tabs groupId={group}>
      {examples.map((example) => {
        const language = exampleLanguage(example.file);
        const label = example.label ?? language.tab;
        const value = group === 'language' ? language.value : label.toLowerCase().replace(/[^a-z0-9]+/g, '-');
        return (
          <TabItem key={example.file} value={value} label={label}>
            <ExampleCode {...example} />
          </TabItem>
        );
      })}
    </Tabs>
  );
}
