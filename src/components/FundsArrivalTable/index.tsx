import type {ReactNode} from 'react';
import DataTable from '@site/src/internal/DataTable';
import {fundsArrivalTable} from '@site/src/data/statuses';

/** What funds arriving do to a payment in each status (src/data/statuses.ts). */
export default function FundsArrivalTable(): ReactNode {
  return <DataTable table={fundsArrivalTable} />;
}
