import type {ReactNode} from 'react';
import TabItem from '@theme/TabItem';
import styles from './styles.module.css';

interface Props {
  /** The value the tab group stores when a reader picks this tab. */
  value: string;
  label: string;
  /** The sample's code block. */
  children: ReactNode;
}

/** One sample of an `<ExampleTabs>` group. */
export default function ExampleTab({value, label, children}: Props): ReactNode {
  return (
    <TabItem value={value} label={label}>
      {/* Paper shows every tab's panel (src/css/print.css), so each says which it is. */}
      <p className={styles.printLabel}>{label}</p>
      {children}
    </TabItem>
  );
}
