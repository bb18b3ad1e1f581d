// How fast this machine gives a process new memory. On a shared virtual machine whose host takes freed
// memory back at once, every page a process touches for the first time waits for the host: a browser
// making a page's renderer, its DOM, styles and pictures then runs several times slower, though its CPU
// benchmark (Lighthouse's benchmarkIndex, a loop over memory already given) says nothing is wrong.
// bench:web reports it beside its figures, so that two runs can be told apart by their host.

const GIB = 1024 ** 3;
const PAGE = 4096;

/** Milliseconds to touch one GiB of new memory, a page at a time. */
export function memoryFirstTouchMs(): number {
  const started = performance.now();
  const memory = Buffer.allocUnsafeSlow(GIB);
  for (let at = 0; at < GIB; at += PAGE) memory[at] = 1;
  return performance.now() - started;
}
