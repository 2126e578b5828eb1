import type {ReactNode} from 'react';
import DataTable from '@site/src/internal/DataTable';
import {retryTable} from '@site/src/data/webhooks';

/** The delivery attempts and the wait before each (src/data/webhooks.ts). */
export default function RetrySchedule(): ReactNode {
  return <DataTable table={retryTable} />;
}
