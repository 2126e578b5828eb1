import type {ComponentProps, ReactNode} from 'react';

type Props = ComponentProps<'table'>;

/**
 * Markdown tables scroll sideways on narrow screens (Infima's `display: block;
 * overflow: auto`), so they must be reachable by keyboard to be scrolled.
 */
export default function ScrollableTable(props: Props): ReactNode {
  // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus (axe: scrollable-region-focusable)
  return <table tabIndex={0} {...props} />;
}
