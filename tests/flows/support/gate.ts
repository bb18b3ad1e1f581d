import type { Page, Request, Response, Route } from '@playwright/test';

interface Held {
  route: Route;
  /** Its place among the calls this gate has seen. */
  index: number;
}

/**
 * Holds the page's calls to one effect until the flow lets each through, so a state the machine is in
 * while a call runs (loading, saving) stays on screen long enough to be checked, and the answer comes
 * when the path says. The calls still reach the real server and its answer is the real one; only a
 * failure no server can give (the network down) is made here, by `fail`.
 */
export class Gate {
  readonly #held: Held[] = [];
  #mode: 'hold' | 'fail' = 'hold';
  #waiters: Array<() => void> = [];
  #seen = 0;
  #answer: Response | null = null;

  private constructor(readonly name: string) {}

  static async on(page: Page, name: string, matches: (request: Request) => boolean): Promise<Gate> {
    const gate = new Gate(name);
    await page.route(
      () => true,
      async (route) => {
        if (!matches(route.request())) return route.fallback();
        const index = gate.#seen++;
        if (gate.#mode === 'fail') return route.abort('internetdisconnected');
        gate.#held.push({ route, index });
        for (const wake of gate.#waiters.splice(0)) wake();
      },
    );
    return gate;
  }

  /** The JSON body of the newest call held (what the page sent), to send it again from elsewhere. */
  heldBody(): unknown {
    const newest = this.#held.at(-1);
    if (!newest) throw new Error(`the page has no ${this.name} call waiting`);
    return newest.route.request().postDataJSON();
  }

  /** How many calls the page has made so far, let through or not. */
  get seen(): number {
    return this.#seen;
  }

  get holding(): boolean {
    return this.#held.length > 0;
  }

  /** Waits until `count` calls made since the `since`-th are held. */
  async arrived({ since = 0, count = 1 } = {}, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.#held.filter((call) => call.index >= since).length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`the page did not make its ${this.name} call`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /**
   * Lets the newest `count` held calls through and waits for the server's answers. Older ones belong
   * to an effect the machine has since stopped (it left the state that made them): they go through
   * too, and nobody listens to their answers.
   */
  async release(count = 1): Promise<void> {
    if (this.#held.length < count) throw new Error(`the page has no ${this.name} call waiting`);
    const stale = this.#held.splice(0, this.#held.length - count);
    for (const { route } of stale) await route.continue();
    const current = this.#held.splice(0);
    for (const { route } of current) await route.continue();
    for (const { route } of current) this.#answer = await route.request().response();
  }

  /** The server's answer to the newest call let through, as JSON: what the page was told. */
  async answered(): Promise<unknown> {
    if (!this.#answer) throw new Error(`no ${this.name} call has been answered`);
    return this.#answer.json();
  }

  /** From now on every call fails as with the network down (retries included), until `hold`. */
  async fail(): Promise<void> {
    this.#mode = 'fail';
    for (const { route } of this.#held.splice(0)) await route.abort('internetdisconnected');
  }

  hold(): void {
    this.#mode = 'hold';
  }

  /** At a path's end: whatever is still held goes through, answered or not. */
  async open(): Promise<void> {
    this.#mode = 'hold';
    for (const { route } of this.#held.splice(0)) await route.continue().catch(() => {});
  }
}
