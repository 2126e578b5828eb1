import type {ReactNode} from 'react';
import ScrollableTable from '@site/src/components/ScrollableTable';
import {networks} from '@site/src/data/networks';

/** Networks, assets, sandbox networks and confirmations, from src/data/networks.ts. */
export default function NetworkTable(): ReactNode {
  return (
    <ScrollableTable>
      <thead>
        <tr>
          <th>Network</th>
          <th>Assets</th>
          <th>Sandbox network</th>
          <th>Confirmations</th>
          <th>Typical time</th>
        </tr>
      </thead>
      <tbody>
        {networks.map((n) => (
          <tr key={n.network}>
            <td>
              <code>{n.network}</code>
            </td>
            <td>{n.assets.join(', ')}</td>
            <td>
              <code>{n.sandboxNetwork}</code>
            </td>
            <td>{n.confirmationsNote ?? n.requiredConfirmations}</td>
            <td>{n.typicalTime}</td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  );
}
