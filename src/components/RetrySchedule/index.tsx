import type {ReactNode} from 'react';
import ScrollableTable from '@site/src/components/ScrollableTable';
import {retrySchedule} from '@site/src/data/webhooks';

/** The delivery attempts and the wait before each, from src/data/webhooks.ts. */
export default function RetrySchedule(): ReactNode {
  return (
    <ScrollableTable>
      <thead>
        <tr>
          <th>Attempt</th>
          <th>Wait after the previous attempt</th>
        </tr>
      </thead>
      <tbody>
        {retrySchedule.map((wait, index) => (
          <tr key={wait}>
            <td>{index + 1}</td>
            <td>{index === 0 ? 'First delivery, right after the event' : wait}</td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  );
}
