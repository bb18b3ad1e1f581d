// How fast this machine gives a process new memory. On a shared virtual machine whose host takes freed
// memory back at once, every page a process touches for the first time waits for the host: a browser
// making a page's renderer, its DOM, styles and pictures then runs several times slower, though its CPU
// benchmark (Lighthouse's benchmarkIndex, a loop over memory already given) says nothing is wrong.
// bench:web and bench:rush report it beside their figures, so that two runs can be told apart by their host.

const GIB = 1024 ** 3;
const PAGE = 4096;

/** Milliseconds to touch one GiB of new memory, a page at a time. */
export function memoryFirstTouchMs(): number {
  const started = performance.now();
  const memory = Buffer.allocUnsafeSlow(GIB);
  for (let at = 0; at < GIB; at += PAGE) memory[at] = 1;
  return performance.now() - started;
}

/** The host line of a benchmark's section: how long a GiB of new memory took before and after it. */
export function hostLine([before, after]: readonly [number, number]): string {
  const seconds = (ms: number) => (ms / 1000).toFixed(2);
  return (
    `Host: touching a GiB of new memory took ${seconds(before)} s before the run and ${seconds(after)} s ` +
    'after it (a fraction of a second on a machine that keeps its memory; scripts/lib/host-speed.ts).'
  );
}
