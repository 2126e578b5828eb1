import MDXComponents from '@theme-original/MDXComponents';
import ExampleTab from '@theme/ExampleTab';
import ExampleTabs from '@theme/ExampleTabs';
import WholeSample from '@theme/WholeSample';
import FoldedFields from '@theme/FoldedFields';
import ScrollableTable from '@site/src/internal/ScrollableTable';

// Components every MDX page gets without importing them. ExampleTabs,
// ExampleTab and WholeSample are written by the code-blocks remark step, and
// FoldedFields by the API reference's rehype step, never by hand.
export default {
  ...MDXComponents,
  table: ScrollableTable,
  ExampleTabs,
  ExampleTab,
  WholeSample,
  FoldedFields,
};
