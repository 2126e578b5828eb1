import type {ReactNode} from 'react';
import DataTable from '@site/src/internal/DataTable';
import {statusTable} from '@site/src/data/statuses';

/** Every payment status, what it means and what you do (src/data/statuses.ts). */
export default function StatusTable(): ReactNode {
  return <DataTable table={statusTable} />;
}
