import type {ReactNode} from 'react';
import ScrollableTable from '@site/src/components/ScrollableTable';
import {webhookEvents} from '@site/src/data/webhooks';

/** Every webhook event type and when it is sent, from src/data/webhooks.ts. */
export default function EventCatalog(): ReactNode {
  return (
    <ScrollableTable>
      <thead>
        <tr>
          <th>Event type</th>
          <th>
            <code>data</code> holds
          </th>
          <th>Sent when</th>
        </tr>
      </thead>
      <tbody>
        {webhookEvents.map(({type, object, when}) => (
          <tr key={type}>
            <td>
              <code>{type}</code>
            </td>
            <td>a {object}</td>
            <td>{when}</td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  );
}
