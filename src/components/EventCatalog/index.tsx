import type {ReactNode} from 'react';
import DataTable from '@site/src/internal/DataTable';
import {eventTable} from '@site/src/data/webhooks';

/** Every webhook event type, what it reflects and when it is sent (src/data/webhooks.ts); each row is linkable. */
export default function EventCatalog(): ReactNode {
  return <DataTable table={eventTable} />;
}
