import type {ReactNode} from 'react';
import ScrollableTable from '@site/src/components/ScrollableTable';
import {paymentFields} from '@site/src/data/paymentObject';

/** Renders `code` spans written with backticks in the data's descriptions. */
function withCode(text: string): ReactNode[] {
  return text.split('`').map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part));
}

/** The payment object's fields, from src/data/paymentObject.ts. */
export default function PaymentFields(): ReactNode {
  return (
    <ScrollableTable>
      <thead>
        <tr>
          <th>Field</th>
          <th>Type</th>
          <th>Description</th>
        </tr>
      </thead>
      <tbody>
        {paymentFields.map(({name, type, description}) => (
          <tr key={name}>
            <td>
              <code>{name}</code>
            </td>
            <td>{type}</td>
            <td>{withCode(description)}</td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  );
}
