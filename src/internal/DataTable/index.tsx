import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import ScrollableTable from '@site/src/internal/ScrollableTable';
import type {DataTable as Table} from '@site/src/data/table';
import styles from './styles.module.css';

interface Props<Row> {
  /** A table from src/data/tables.ts, which the Markdown twin renders too. */
  table: Table<Row>;
}

/** Text with `backticks` as code spans. */
function Inline({text}: {text: string}): ReactNode {
  return text.split('`').map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part));
}

function Cell({value}: {value: ReturnType<Table<unknown>['columns'][number]['cell']>}): ReactNode {
  if (typeof value === 'string') return <Inline text={value} />;
  if (value.items.length === 0) return value.empty;
  return (
    <ul className={styles.items}>
      {value.items.map((item) => (
        <li key={item}>
          <Inline text={item} />
        </li>
      ))}
    </ul>
  );
}

/** One of the site's data tables; rows with an anchor are linkable. */
export default function DataTable<Row>({table}: Props<Row>): ReactNode {
  // Row ids are anchors too: tell the build's anchor check, which sees only headings.
  const brokenLinks = useBrokenLinks();
  const {columns, rows, key, anchor} = table;
  if (anchor) for (const row of rows) brokenLinks.collectAnchor(anchor(row));
  return (
    <ScrollableTable>
      <thead>
        <tr>
          {columns.map(({header}) => (
            <th key={header}>
              <Inline text={header} />
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={key(row)} id={anchor?.(row)}>
            {columns.map(({header, cell}, index) => (
              <td key={header}>
                {anchor && index === 0 ? (
                  <Link to={`#${anchor(row)}`}>
                    <Cell value={cell(row)} />
                  </Link>
                ) : (
                  <Cell value={cell(row)} />
                )}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  );
}
