import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Child, startChild, stopChild, waitForHttp } from './processes.ts';

export interface AuthEmulator {
  host: string;
  stop: () => Promise<void>;
}

/** Runs the Firebase Auth emulator (firebase-tools, offline) on `port`; its hub takes port + 1. */
export async function startAuthEmulator(options: {
  port: number;
  projectId: string;
  workDir: string;
  quiet?: boolean;
  /**
   * Given the emulator's stop as soon as it is spawned, before it is healthy: a caller stopped while
   * it starts (SIGTERM during `npm start`) can then stop it too instead of leaving it behind.
   */
  whenSpawned?: (stop: () => Promise<void>) => void;
}): Promise<AuthEmulator> {
  const { port, projectId, workDir } = options;
  mkdirSync(workDir, { recursive: true });
  const config = join(workDir, 'firebase.json');
  writeFileSync(
    config,
    JSON.stringify({
      emulators: {
        auth: { port, host: '127.0.0.1' },
        hub: { port: port + 1, host: '127.0.0.1' },
        logging: { port: port + 2, host: '127.0.0.1' },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const child: Child = startChild(
    'auth',
    'node_modules/.bin/firebase',
    ['emulators:start', '--only', 'auth', '--project', projectId, '--config', config],
    { ...process.env, NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_DISABLE_UPDATE_CHECK: '1' },
    options.quiet ?? false,
  );
  let stopping = false;
  const stop = () => {
    stopping = true;
    return stopChild(child);
  };
  options.whenSpawned?.(stop);
  // Ended by anything but its stop, it says so, with what it wrote last (quiet or not).
  child.process.once('exit', (code, signal) => {
    if (stopping) return;
    process.stderr.write(
      `Firebase Auth emulator on port ${port} exited unexpectedly (code ${code}, signal ${signal})\n${child.lastOutput()}`,
    );
  });
  const host = `127.0.0.1:${port}`;
  await Promise.race([
    waitForHttp(`http://${host}/`, 'Firebase Auth emulator'),
    new Promise((_, reject) =>
      child.process.once('exit', (code) => reject(new Error(`Firebase Auth emulator exited (${code})`))),
    ),
  ]);
  return { host, stop };
}
