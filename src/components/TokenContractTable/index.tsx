import type {ReactNode} from 'react';
import DataTable from '@site/src/internal/DataTable';
import {tokenContractTable} from '@site/src/data/networks';

/** Token contracts, live and sandbox (src/data/networks.ts). */
export default function TokenContractTable(): ReactNode {
  return <DataTable table={tokenContractTable} />;
}
