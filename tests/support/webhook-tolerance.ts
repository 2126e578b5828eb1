/**
 * The replay window of the webhook contract, as cases every verifier must
 * agree on: the Node samples, the Python sample, the by-hand verifiers in
 * examples/webhooks/ and the browser signature checker all read this one
 * table. A delivery exactly 300 s old (or ahead) is accepted; 301 s is not.
 * The numbers are the contract's, written out here, never read from a verifier.
 */
export interface ToleranceCase {
  name: string;
  /** Seconds between signing and checking: positive when the delivery is old, negative when from the future. */
  age: number;
  accepted: boolean;
}

export const toleranceCases: readonly ToleranceCase[] = [
  {name: 'sent this second', age: 0, accepted: true},
  {name: '299 s old', age: 299, accepted: true},
  {name: 'exactly 300 s old', age: 300, accepted: true},
  {name: '301 s old', age: 301, accepted: false},
  {name: '299 s in the future', age: -299, accepted: true},
  {name: 'exactly 300 s in the future', age: -300, accepted: true},
  {name: '301 s in the future', age: -301, accepted: false},
  {name: 'an hour old', age: 3600, accepted: false},
];
