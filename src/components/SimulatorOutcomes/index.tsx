import type {ReactNode} from 'react';
import DataTable from '@site/src/internal/DataTable';
import {simulatorTable} from '@site/src/data/simulator';

/** Every sandbox simulator outcome, the statuses it moves through and the events it sends (src/data/simulator.ts). */
export default function SimulatorOutcomes(): ReactNode {
  return <DataTable table={simulatorTable} />;
}
