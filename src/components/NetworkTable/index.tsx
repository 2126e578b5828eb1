import type {ReactNode} from 'react';
import DataTable from '@site/src/internal/DataTable';
import {networkTable} from '@site/src/data/networks';

/** Networks, assets, sandbox networks and confirmations (src/data/networks.ts). */
export default function NetworkTable(): ReactNode {
  return <DataTable table={networkTable} />;
}
