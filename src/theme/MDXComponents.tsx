import MDXComponents from '@theme-original/MDXComponents';
import ScrollableTable from '@site/src/components/ScrollableTable';

// Components every MDX page gets without importing them.
export default {
  ...MDXComponents,
  table: ScrollableTable,
};
