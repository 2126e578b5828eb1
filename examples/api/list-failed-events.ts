// Process the events that did not reach your webhook endpoint (kept 30 days),
// every page of them: while has_more is true, ask for the page after the last id.
// Hand each event to the code your receiver runs, which records the event id in
// its store and fulfils in one transaction, so an event it already handled is
// skipped. Coinwharf may still deliver these events on their retry schedule after
// you process them here: the store makes that delivery a no-op.
// Usage: COINWHARF_SECRET_KEY=cw_test_... npx tsx list-failed-events.ts
import process from 'node:process';
import {setTimeout as sleep} from 'node:timers/promises';

const apiBase = process.env.COINWHARF_API_BASE || 'https://api.coinwharf.com/v1';
const secretKey = process.env.COINWHARF_SECRET_KEY;
const attempts = 6;

// Sends the request again (a GET changes nothing, so that is safe) when no answer came (none within
// 30 s, or no connection), or a 429 or a 5xx did. Waits the Retry-After seconds the API asks for,
// else 1, 2, 4, 8, then 16 s: at most 6 attempts, and 31 s of waiting unless Retry-After asks for
// more, as someone is waiting for the answer.
async function send(url: string, init: RequestInit): Promise<unknown> {
  // A malformed COINWHARF_API_BASE is not a missing answer: sending it again would not help.
  if (!URL.canParse(url) || !['http:', 'https:'].includes(new URL(url).protocol)) {
    throw new Error(`Cannot send the request: ${url} is not an http(s) URL`);
  }
  // Nor is a header that fetch refuses, such as a secret key with a line break inside; its error
  // quotes the header, which holds the key: never print it.
  try {
    new Headers(init.headers);
  } catch {
    throw new Error(
      'Cannot send the request: a header is not valid; check COINWHARF_SECRET_KEY for spaces or line breaks',
    );
  }
  for (let attempt = 1; ; attempt += 1) {
    // The answer with its whole body: a body that stops coming (30 s in all) is no answer either.
    // No redirects (manual: a 3xx is the answer): following one would turn a POST into a GET.
    const answer = await fetch(url, {...init, redirect: 'manual', signal: AbortSignal.timeout(30_000)})
      .then(async (response) => ({response, text: await response.text()}))
      .catch((error: Error) => error);
    const transient = answer instanceof Error || answer.response.status === 429 || answer.response.status >= 500;
    if (transient && attempt < attempts) {
      const retryAfter = answer instanceof Error ? 0 : Number(answer.response.headers.get('Retry-After'));
      const seconds = retryAfter || 2 ** (attempt - 1);
      const what = answer instanceof Error ? answer.message : answer.response.status;
      console.error(`${what}: retrying in ${seconds} s (attempt ${attempt + 1} of ${attempts})`);
      await sleep(seconds * 1000);
      continue;
    }
    if (answer instanceof Error) throw new Error(`No answer after ${attempts} attempts: ${answer.message}`);
    const {response, text} = answer;
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      // Not the API's JSON: a proxy's or load balancer's page, such as an HTML 502.
      const type = response.headers.get('Content-Type');
      throw new Error(`${response.status} ${response.statusText}: the answer is not JSON (${type})`);
    }
    if (!response.ok) {
      const error = body?.error;
      if (typeof error !== 'object' || error === null) {
        // JSON, but not the API's error (a proxy's, say): its status and its body, on one line.
        throw new Error(`${response.status} ${response.statusText}: ${JSON.stringify(body)}`);
      }
      const {code, message, request_id} = error;
      throw new Error(`${response.status} ${code}: ${message} (request ${request_id})`);
    }
    return body;
  }
}

/** A variable the sample needs is missing: it exits 2, the usual status for a usage error, sending nothing. */
class UsageError extends Error {}

async function main() {
  if (!secretKey) throw new UsageError('Set COINWHARF_SECRET_KEY to your cw_test_ secret key');
  // #region request
  let startingAfter = '';
  do {
    const query = new URLSearchParams({delivery_status: 'failed', limit: '100'});
    if (startingAfter) query.set('starting_after', startingAfter);
    const page = (await send(`${apiBase}/events?${query}`, {
      headers: {Authorization: `Bearer ${secretKey}`},
    })) as {data: {id: string}[]; has_more: boolean};
    for (const event of page.data) await processEvent(event); // one at a time, each finished before the next
    startingAfter = page.has_more ? page.data[page.data.length - 1].id : '';
  } while (startingAfter);
  // #endregion
}

// Replace with your receiver's handler (deduplicated by event.id in its store).
// This one prints each event as one line of JSON; yours may return a promise: it is awaited.
function processEvent(event: {id: string}): void | Promise<void> {
  console.log(JSON.stringify(event));
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exitCode = error instanceof UsageError ? 2 : 1;
});
