import {expect, test} from '@playwright/test';
import {runScript} from '../support/webhook-samples';

// The webhook guide's test of a verifier against the official Standard
// Webhooks vector: on a clock pinned to the vector's 2021 timestamp it is
// accepted, with one byte changed it is rejected, and on the real clock it is
// rejected as stale. Each file runs as the guide says, and must say all three.

for (const file of ['examples/webhooks/check-official-vector.ts', 'examples/webhooks/check_official_vector.py']) {
  test(`${file} accepts the vector on a pinned clock and rejects it tampered or on the real clock`, async () => {
    const run = await runScript(file, [], {});
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim().split('\n')).toEqual([
      'accepted on a clock pinned to 1614265330',
      'rejected with one byte of the body changed',
      'rejected as stale on the real clock',
    ]);
  });
}
