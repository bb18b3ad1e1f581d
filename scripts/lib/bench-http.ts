// The load generator's HTTP client for `npm run bench:rush`: node:http on kept-alive connections. The
// rush runs on the two cores it measures, so what the client spends is taken from the servers: Node's
// fetch (undici's web streams, and gzip undone on every page) cost the load generator about half a
// millisecond of CPU a request, a fifth of the machine at rush rate. Like wrk in bench:api, this client
// reads an answer's bytes as they come and leaves them compressed (docs/decisions/011-scale.md).
import { Agent, request } from 'node:http';
import { gunzipSync } from 'node:zlib';

export interface BenchAnswer {
  status: number;
  /** A header of the answer, by its name in lower case. */
  header(name: string): string | undefined;
  text(): string;
  json(): unknown;
}

export interface BenchRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

/** One request; resolves with the whole answer (a redirect is an answer, as with `redirect: 'manual'`). */
export function send(url: string, { method = 'GET', headers = {}, body }: BenchRequest = {}) {
  return new Promise<BenchAnswer>((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method,
        agent,
        headers: body === undefined ? headers : { ...headers, 'Content-Length': Buffer.byteLength(body) },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const bytes = Buffer.concat(chunks);
          // Only what the rush reads is unpacked, when it reads it.
          const plain = () =>
            (incoming.headers['content-encoding'] === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8');
          resolve({
            status: incoming.statusCode ?? 0,
            header: (name) => {
              const value = incoming.headers[name];
              return Array.isArray(value) ? value.join(', ') : value;
            },
            text: plain,
            json: () => JSON.parse(plain()) as unknown,
          });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
