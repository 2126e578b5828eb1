import type {ReactNode} from 'react';
import DataTable from '@site/src/internal/DataTable';
import {paymentFieldTable} from '@site/src/data/paymentObject';

/** The payment object's fields (src/data/paymentObject.ts). */
export default function PaymentFields(): ReactNode {
  return <DataTable table={paymentFieldTable} />;
}
