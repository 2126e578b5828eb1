import {useEffect, useRef, useState, type ComponentProps, type ReactNode} from 'react';
import styles from './styles.module.css';

type Props = ComponentProps<'table'>;

/** Whether columns of the table are hidden to the right of what it shows. */
function hidesColumns(table: HTMLTableElement): boolean {
  const hidden = table.scrollWidth - table.clientWidth;
  return hidden > 1 && Math.abs(table.scrollLeft) < hidden - 1;
}

/**
 * Markdown tables scroll sideways on narrow screens (Infima's `display: block;
 * overflow: auto`), so they must be reachable by keyboard to be scrolled, and
 * one that hides columns says so under it until the reader has scrolled to its
 * end. The cue is rendered in the browser only once the table is measured, and
 * is positioned in the table's bottom margin: it moves nothing. Screen readers
 * read the table's columns in any case, so it is hidden from them.
 */
export default function ScrollableTable(props: Props): ReactNode {
  const ref = useRef<HTMLTableElement>(null);
  const [hiding, setHiding] = useState(false);
  useEffect(() => {
    const table = ref.current;
    if (!table) return undefined;
    const measure = () => setHiding(hidesColumns(table));
    const observer = new ResizeObserver(measure);
    observer.observe(table);
    table.addEventListener('scroll', measure, {passive: true});
    return () => {
      observer.disconnect();
      table.removeEventListener('scroll', measure);
    };
  }, []);
  return (
    <>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus (axe: scrollable-region-focusable) */}
      <table ref={ref} tabIndex={0} {...props} />
      {hiding && (
        <span className={styles.cue} aria-hidden="true">
          Scroll sideways for more columns →
        </span>
      )}
    </>
  );
}
