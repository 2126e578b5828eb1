import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import ScrollableTable from '@site/src/components/ScrollableTable';
import {eventAnchor, webhookEvents} from '@site/src/data/webhooks';

/** Every webhook event type, what it reflects and when it is sent, from src/data/webhooks.ts; each row is linkable. */
export default function EventCatalog(): ReactNode {
  // Row ids are anchors too: tell the build's anchor check, which sees only headings.
  const brokenLinks = useBrokenLinks();
  for (const {type} of webhookEvents) brokenLinks.collectAnchor(eventAnchor(type));
  return (
    <ScrollableTable>
      <thead>
        <tr>
          <th>Event type</th>
          <th>
            <code>data</code> holds
          </th>
          <th>Reflects status</th>
          <th>Sent when</th>
        </tr>
      </thead>
      <tbody>
        {webhookEvents.map(({type, object, status, when}) => (
          <tr key={type} id={eventAnchor(type)}>
            <td>
              <Link to={`#${eventAnchor(type)}`}>
                <code>{type}</code>
              </Link>
            </td>
            <td>a {object}</td>
            <td>
              <code>{status}</code>
            </td>
            <td>{when}</td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  );
}
