// A loopback proxy in front of the API mock that fails the first requests it
// gets the way the real path to the API can fail: a 429 with Retry-After, a
// load balancer's HTML 502 page, a bare 503, a connection dropped without an
// answer, or an answer whose body stops coming; a fault `afterMock` lets the mock act first and loses its answer, as
// when a gateway times out on a request the API did finish. Later requests pass
// through to the mock unchanged. It records every
// attempt it saw, with the time it arrived, so a test can tell what a sample
// sent on each retry and how long it waited in between.
import {createServer, type IncomingHttpHeaders, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';
import {performance} from 'node:perf_hooks';
import type {MockApi} from './mock-api';
import {test as withMock} from './run-sample';

export type Fault =
  | {status: 429; retryAfter: number}
  | {status: 502 | 503; afterMock?: boolean}
  | 'drop'
  /** A 201's headers and the first bytes of its body, then silence with the connection open: a stalled body. */
  | 'stall'
  /** A 301 to this URL, as a proxy or an http-to-https rule answers. */
  | {redirect: string}
  /** Passed through unchanged. */
  | 'pass'
  /** Passed through once `until` settles, as a request the API is slow to start on. */
  | {hold: {until: Promise<void>}}
  /** Answered with this JSON, say a refusal the API stored under the Idempotency-Key. */
  | {reply: {status: number; headers: Record<string, string>; body: unknown}};

export interface Attempt {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** When it arrived, in milliseconds (performance.now()). */
  at: number;
  /** The fault it got, or 'passed' when the mock answered it. */
  answer: Fault | 'passed';
}

export interface FaultProxy {
  /** Use as COINWHARF_API_BASE, e.g. http://127.0.0.1:41235/v1 */
  baseUrl: string;
  attempts: Attempt[];
  close(): Promise<void>;
}

const hopByHop = ['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding'];

/** The page nginx sends when the API behind it does not answer. */
export const nginx502 =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

const rateLimited = {type: 'rate_limit_error', code: 'rate_limited', message: 'Too many requests.', param: null};

function answerWith(status: 502 | 503, res: ServerResponse) {
  if (status === 502) res.writeHead(502, {'content-type': 'text/html'}).end(nginx502);
  else res.writeHead(503, {'content-type': 'text/plain'}).end('Service Unavailable');
}

/**
 * Answers request n with `faults[n]`; once they are used up, passes requests
 * through to the mock, or with `forever`, repeats the last fault.
 */
export async function startFaultProxy(mock: MockApi, faults: Fault[], {forever = false} = {}): Promise<FaultProxy> {
  const attempts: Attempt[] = [];
  const target = new URL(mock.baseUrl);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const n = attempts.length;
      const fault = faults[n] ?? (forever ? faults.at(-1) : undefined);
      attempts.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        at: performance.now(),
        answer: fault === undefined || fault === 'pass' ? 'passed' : fault,
      });
      const kind = fault === 'pass' ? undefined : fault;
      if (kind === 'drop') {
        req.socket.destroy();
      } else if (kind === 'stall') {
        res.writeHead(201, {'content-type': 'application/json', 'content-length': '400'});
        res.write('{"id":"pay_');
      } else if (kind && 'redirect' in kind) {
        res.writeHead(301, {location: kind.redirect}).end();
      } else if (kind && 'retryAfter' in kind) {
        res.writeHead(429, {'content-type': 'application/json', 'retry-after': String(kind.retryAfter)});
        res.end(JSON.stringify({error: {...rateLimited, request_id: `req_proxy${n}`}}));
      } else if (kind && 'reply' in kind) {
        res.writeHead(kind.reply.status, {'content-type': 'application/json', ...kind.reply.headers});
        res.end(JSON.stringify(kind.reply.body));
      } else if (kind && 'status' in kind && !kind.afterMock) {
        answerWith(kind.status, res);
      } else {
        const lost = kind && 'status' in kind ? kind.status : null;
        const headers = Object.fromEntries(
          Object.entries(req.headers).filter(([name]) => !['host', ...hopByHop].includes(name)),
        ) as Record<string, string>;
        const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
        const forward = () =>
          fetch(`${target.origin}${req.url}`, {method: req.method, headers, body})
            .then(async (answer) => {
              const text = Buffer.from(await answer.arrayBuffer());
              if (lost) return answerWith(lost, res);
              const passed = [...answer.headers].filter(([name]) => !hopByHop.includes(name));
              res.writeHead(answer.status, Object.fromEntries(passed)).end(text);
            })
            .catch(() => res.writeHead(500).end());
        void (kind && 'hold' in kind ? kind.hold.until : Promise.resolve()).then(forward);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${target.pathname}`,
    attempts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A test with the mock and a `faultProxy(faults)` in front of it, closed afterwards. */
export const test = withMock.extend<{
  faultProxy: (faults: Fault[], options?: {forever?: boolean}) => Promise<FaultProxy>;
}>({
  faultProxy: async ({mock}, use) => {
    const started: FaultProxy[] = [];
    await use(async (faults, options) => {
      const proxy = await startFaultProxy(mock, faults, options);
      started.push(proxy);
      return proxy;
    });
    await Promise.all(started.map((proxy) => proxy.close()));
  },
});
