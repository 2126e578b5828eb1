import type {ReactNode} from 'react';
import DataTable from '@site/src/internal/DataTable';
import {explorerTable} from '@site/src/data/networks';

/** Block explorer URL patterns per network (src/data/networks.ts). */
export default function ExplorerTable(): ReactNode {
  return <DataTable table={explorerTable} />;
}
