import MDXComponents from '@theme-original/MDXComponents';
import ExampleTab from '@theme/ExampleTab';
import ExampleTabs from '@theme/ExampleTabs';
import WholeSample from '@theme/WholeSample';
import ScrollableTable from '@site/src/internal/ScrollableTable';

// Components every MDX page gets without importing them. ExampleTabs,
// ExampleTab and WholeSample are written by the code-blocks remark step, never by hand.
export default {
  ...MDXComponents,
  table: ScrollableTable,
  ExampleTabs,
  ExampleTab,
  WholeSample,
};
