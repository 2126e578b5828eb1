import type {ReactNode} from 'react';
import ScrollableTable from '@site/src/components/ScrollableTable';
import styles from './styles.module.css';
import {paymentStatuses, statusTransitions, type PaymentStatus} from '@site/src/data/statuses';

/** The moves out of one status, in words: the diagram's arrows for readers who cannot see it. */
function Moves({status}: {status: PaymentStatus}): ReactNode {
  const moves = statusTransitions.filter((t) => t.from === status);
  if (moves.length === 0) {
    return 'None';
  }
  return (
    <ul className={styles.moves}>
      {moves.map(({to, when, label}) => (
        <li key={`${to}-${when}`}>
          <code>{to}</code> when {when}
          {label ? (
            <>
              , label <code>{label}</code>
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** Every payment status, what it means and what you do, from src/data/statuses.ts. */
export default function StatusTable(): ReactNode {
  return (
    <ScrollableTable>
      <thead>
        <tr>
          <th>Status</th>
          <th>Final</th>
          <th>Moves to</th>
          <th>Meaning</th>
          <th>Your move</th>
        </tr>
      </thead>
      <tbody>
        {paymentStatuses.map(({status, final, meaning, yourMove}) => (
          <tr key={status}>
            <td>
              <code>{status}</code>
            </td>
            <td>{final ? 'Yes' : 'No'}</td>
            <td>
              <Moves status={status} />
            </td>
            <td>{meaning}</td>
            <td>{yourMove}</td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  );
}
