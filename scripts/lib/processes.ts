import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

export async function assertPortFree(port: number, variable: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () =>
      reject(
        new Error(`Port ${port} is already in use. Stop what uses it or set ${variable} to a free port.`),
      ),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

export async function waitForHttp(url: string, what: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not become healthy at ${url} within ${timeoutMs / 1000} s`);
}

export interface Child {
  name: string;
  process: ChildProcess;
  /** A quiet child's last output (its last lines up to QUIET_KEPT_CHARS), to explain an exit. */
  lastOutput: () => string;
}

/** How much of a quiet child's output is kept back. */
const QUIET_KEPT_CHARS = 8_000;

/**
 * Runs TypeScript as `node --import tsx`, not through tsx's CLI: the CLI relays SIGTERM and SIGKILLs a
 * child that is too busy to acknowledge it within ~30 ms, which would cut a graceful shutdown short and
 * leave the emulator and PostgreSQL behind.
 */
export const TSX = ['--import', 'tsx'];

export function startChild(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  quiet = false,
): Child {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (chunk: Buffer) =>
    chunk
      .toString()
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => `[${name}] ${line}\n`)
      .join('');
  // A quiet child's output is read all the same, and its tail kept: a pipe nobody reads fills up, and
  // the child writing to it then stalls or dies.
  let kept = '';
  const write = quiet
    ? (chunk: Buffer) => {
        kept = (kept + prefix(chunk)).slice(-QUIET_KEPT_CHARS);
      }
    : (chunk: Buffer, to: NodeJS.WriteStream) => to.write(prefix(chunk));
  child.stdout?.on('data', (chunk: Buffer) => write(chunk, process.stdout));
  child.stderr?.on('data', (chunk: Buffer) => write(chunk, process.stderr));
  return { name, process: child, lastOutput: () => kept };
}

export async function stopChild({ process: child }: Child, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
