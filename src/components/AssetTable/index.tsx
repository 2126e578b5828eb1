import type {ReactNode} from 'react';
import DataTable from '@site/src/internal/DataTable';
import {assetTable} from '@site/src/data/networks';

/** Every asset with its decimals and smallest unit (src/data/networks.ts). */
export default function AssetTable(): ReactNode {
  return <DataTable table={assetTable} />;
}
