// wrk (Debian's `wrk` package), the load generator of the throughput benchmarks: written in C, it leaves
// the second core to the server, where autocannon (JavaScript) spends a core parsing answers and so
// measures itself on anything larger than a hello-world (docs/decisions/011-scale.md).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface WrkResult {
  requests: number;
  requestsPerSecond: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  /** Bytes received per answer, headers included. */
  bytesPerAnswer: number;
  /** Socket errors, timeouts and answers with a status of 400 or more. */
  failed: number;
}

export interface WrkOptions {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /** Each request asks for a new address (`?fresh=<n>` added): nothing it asks for is cached yet. */
  fresh?: boolean;
}

export function assertWrkInstalled(): void {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
  } catch (error) {
    // wrk --version exits 1 after printing its version.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error('The benchmark needs wrk: sudo apt-get install -y wrk');
    }
  }
}

// done() prints the figures as one JSON line; request() makes each address new when asked to.
const SCRIPT = `
local counter = 0
local fresh = os.getenv("WRK_FRESH") == "1"
request = function()
  if not fresh then return wrk.request() end
  counter = counter + 1
  local sep = string.find(wrk.path, "?", 1, true) and "&" or "?"
  return wrk.format(nil, wrk.path .. sep .. "fresh=" .. counter)
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_JSON {"requests":%d,"duration":%d,"bytes":%d,"failed":%d,"p50":%d,"p99":%d}\\n',
    summary.requests, summary.duration, summary.bytes, e.connect + e.read + e.write + e.status + e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
`;
let scriptPath: string | undefined;

export function runWrk({
  url,
  connections,
  seconds,
  headers = {},
  fresh = false,
}: WrkOptions): Promise<WrkResult> {
  if (!scriptPath) {
    scriptPath = join(mkdtempSync(join(tmpdir(), 'pizzon-wrk-')), 'report.lua');
    writeFileSync(scriptPath, SCRIPT);
  }
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '-s', scriptPath];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { env: { ...process.env, WRK_FRESH: fresh ? '1' : '0' } });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', () => {
      const line = /WRK_JSON (\{.*\})/.exec(out)?.[1];
      if (!line) return reject(new Error(`wrk gave no figures for ${url}: ${out}`));
      const r = JSON.parse(line) as Record<
        'requests' | 'duration' | 'bytes' | 'failed' | 'p50' | 'p99',
        number
      >;
      resolve({
        requests: r.requests,
        requestsPerSecond: r.requests / (r.duration / 1e6),
        p50: r.p50 / 1000,
        p99: r.p99 / 1000,
        bytesPerAnswer: r.requests > 0 ? r.bytes / r.requests : 0,
        failed: r.failed,
      });
    });
  });
}
