// The body of a Coinwharf webhook delivery, and what the sample receivers do with it.

export interface Money {
  amount: string; // a decimal string, never a float: "25.00", "0.00041234"
  currency: string;
}

export interface Payment {
  id: string; // pay_…
  object: 'payment';
  livemode: boolean;
  status: 'awaiting_payment' | 'pending' | 'succeeded' | 'requires_action' | 'expired' | 'canceled' | 'failed';
  price: Money;
  asset: string;
  network: string;
  amount_due: Money;
  amount_received: Money;
  address: string;
  payment_uri: string;
  hosted_url: string;
  expires_at: string;
  confirmations: number;
  required_confirmations: number;
  labels: ('LATE' | 'UNDER' | 'OVER')[];
  reference: string | null;
  metadata: Record<string, string>;
  created_at: string;
  updated_at: string;
}

export interface Refund {
  id: string; // rf_…
  object: 'refund';
  livemode: boolean;
  payment: string; // pay_…
  status: 'pending' | 'succeeded' | 'failed';
  amount: Money;
  asset: string;
  network: string;
  address: string;
  created_at: string;
  updated_at: string;
}

export interface CoinwharfEvent {
  id: string; // evt_…, the same as the webhook-id header
  type: string; // payment.succeeded, refund.failed, …
  timestamp: string; // ISO 8601
  data: Payment | Refund;
}

// Called once per event. Keep it quick (mark the order paid); send emails and
// ship from a job queue, so the receiver answers Coinwharf within 15 seconds.
export async function fulfil(event: CoinwharfEvent): Promise<void> {
  if (event.type === 'payment.succeeded' && event.data.object === 'payment') {
    const payment = event.data;
    const {amount, currency} = payment.amount_received;
    console.log(
      `${event.id} fulfilled ${payment.id} for ${payment.reference}: ${amount} ${currency} on ${payment.network}`,
    );
    return;
  }
  // Events can arrive out of order: before acting on any other status, compare
  // data.updated_at with what you stored, or fetch GET /v1/payments/{id}.
  console.log(`${event.id} ${event.type} for ${event.data.id}: nothing to do`);
}
