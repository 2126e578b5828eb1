import type {ComponentProps, ReactNode} from 'react';

type Props = ComponentProps<'table'>;

/**
 * Markdown tables scroll sideways on narrow screens (Infima's `display: block;
 * overflow: auto`), so they must be reachable by keyboard to be scrolled.
 */
export default function ScrollableTable(props: Props): ReactNode {
  return <table tabIndex={0} {...props} />;
}
