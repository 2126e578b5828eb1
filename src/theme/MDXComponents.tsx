import MDXComponents from '@theme-original/MDXComponents';
import ScrollableTable from '@site/src/components/ScrollableTable';
import ExampleCode from '@site/src/components/ExampleCode';
import ExampleTabs from '@site/src/components/ExampleTabs';

// Components every MDX page gets without importing them.
export default {
  ...MDXComponents,
  table: ScrollableTable,
  ExampleCode,
  ExampleTabs,
};
