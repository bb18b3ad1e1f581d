import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import { BUSY_MESSAGE } from '../../../contract/admission.ts';
import type { Method, Priority } from '../../../contract/route-entry.ts';

/**
 * How much work this process takes on at once (docs/decisions/028-shedding-overload.md). Past its
 * capacity a server that queues everything serves everyone late, and then nobody: its pool and CPU are
 * shared by more calls than they can finish, each waits longer, clients time out and send again. So the
 * expensive calls are admitted a bounded number at a time; a few more wait, briefly; the rest are
 * refused at once, before any work (no token checked, nothing read or written), with a 503 and
 * Retry-After that the storefront honours by sending the call once more.
 */
export interface AdmissionLimits {
  /** Admitted calls running at once in this process (env ADMISSION_MAX_IN_FLIGHT). */
  maxInFlight: number;
  /** Calls waiting for a turn; one more is refused (env ADMISSION_QUEUE_LENGTH). */
  queueLength: number;
  /** The longest a call waits for its turn before it is refused (env ADMISSION_QUEUE_WAIT_MS). */
  queueWaitMs: number;
  /** The Retry-After of a refusal, in seconds (env ADMISSION_RETRY_AFTER_SECONDS). */
  retryAfterSeconds: number;
}

/**
 * Sized for the two-core machine of docs/benchmarks.md: about the API's database pool (10), so that an
 * admitted call rarely waits for a connection; a queue that two turns of the pool drain well within its
 * wait; a wait short enough that a refused customer hears it within a second.
 */
export const DEFAULT_ADMISSION: Readonly<AdmissionLimits> = {
  maxInFlight: 8,
  queueLength: 32,
  queueWaitMs: 1_000,
  retryAfterSeconds: 2,
};

export interface AdmissionOptions extends Partial<AdmissionLimits> {
  /** Told of every refusal, by route ('POST /create-payment-intent'): the metrics count them. */
  onShed?: (route: string) => void;
}

/**
 * Which waiting call goes first when a turn frees, and which a full queue refuses first: a customer
 * about to pay finishes before another starts. A rush twice the shop's size then completes the orders
 * it has begun instead of serving half of every visit. Each admitted route names its rank in the route
 * table (contract/routes.ts, `admission`).
 */
export type { Priority };

const RANK: Readonly<Record<Priority, number>> = { paying: 0, checkout: 1, shopping: 2 };

interface Waiter {
  rank: number;
  /** Given the turn (true) or refused (false). */
  settle: (admitted: boolean) => void;
  timer: NodeJS.Timeout;
}

/** How often at most a refusal is logged: at overload they come by the hundred a second. */
const SHED_LOG_MS = 10_000;

/**
 * This process's turns. Its only state is in memory and its own: it guards this process's CPU and
 * database pool, which no other instance shares; what instances must agree on lives in PostgreSQL.
 */
export function createAdmission(options: AdmissionOptions = {}, logger?: Logger) {
  const limits = resolveAdmission(options);
  let inFlight = 0;
  /** Waiting calls, a FIFO per rank. */
  const queues: Waiter[][] = Object.values(RANK).map(() => []);
  let waiting = 0;
  let shedSinceLog = 0;
  let lastLog = 0;

  function dequeue(waiter: Waiter): void {
    const queue = queues[waiter.rank]!;
    queue.splice(queue.indexOf(waiter), 1);
    waiting--;
    clearTimeout(waiter.timer);
  }

  /** True at once, a promise of the verdict when queued, false when refused at once. */
  function enter(rank: number): boolean | Promise<boolean> {
    if (inFlight < limits.maxInFlight) {
      inFlight++;
      return true;
    }
    if (waiting >= limits.queueLength) {
      // Full: the newest caller of a lower rank gives up its place, else this one is refused.
      const lower = queues.findLastIndex((queue, at) => at > rank && queue.length > 0);
      if (lower < 0) return false;
      const evicted = queues[lower]!.at(-1)!;
      dequeue(evicted);
      evicted.settle(false);
    }
    return new Promise<boolean>((settle) => {
      const waiter: Waiter = {
        rank,
        settle,
        timer: setTimeout(() => {
          dequeue(waiter);
          settle(false);
        }, limits.queueWaitMs),
      };
      queues[rank]!.push(waiter);
      waiting++;
    });
  }

  /** The turn passes to the first caller of the best rank waiting, if any. */
  function leave(): void {
    const next = queues.find((queue) => queue.length > 0)?.[0];
    if (!next) {
      inFlight--;
      return;
    }
    dequeue(next);
    next.settle(true);
  }

  function countShed(route: string): void {
    options.onShed?.(route);
    shedSinceLog++;
    const now = Date.now();
    if (logger && now - lastLog >= SHED_LOG_MS) {
      logger.warn(
        { shed: shedSinceLog, inFlight, waiting, ...limits },
        `overloaded: refused ${shedSinceLog} call(s) since the last such line`,
      );
      shedSinceLog = 0;
      lastLog = now;
    }
  }

  /**
   * Runs `work` if it gets a turn (at once or after its wait), and says whether it ran; a refusal is
   * counted as shed.
   */
  async function whenAdmitted(
    route: string,
    priority: Priority,
    work: () => Promise<void>,
  ): Promise<boolean> {
    const turn = enter(RANK[priority]);
    if (turn === false || (turn !== true && !(await turn))) {
      countShed(route);
      return false;
    }
    try {
      await work();
    } finally {
      leave();
    }
    return true;
  }

  return {
    limits,
    /** Calls admitted and running now, and waiting for a turn. */
    load: () => ({ inFlight, waiting }),
    /**
     * For work a call may go without: a browser's return from the gateway checks the verdict it
     * carries only when there is room, and goes on to its page either way.
     */
    whenAdmitted,
    /**
     * The middleware for one mounted path (the route table's admitted entries): other methods pass
     * straight through.
     */
    admit(path: string, methods: Readonly<Partial<Record<Method, Priority>>>): MiddlewareHandler {
      return async (c, next) => {
        const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
        const priority = methods[method as Method];
        if (priority === undefined) return next();
        if (!(await whenAdmitted(`${method} ${path}`, priority, next))) {
          return c.json({ message: BUSY_MESSAGE }, 503, { 'Retry-After': String(limits.retryAfterSeconds) });
        }
      };
    },
  };
}

export type Admission = ReturnType<typeof createAdmission>;

/** The defaults with the given limits over them; a limit that is not a whole number is refused. */
export function resolveAdmission(options: Partial<AdmissionLimits> = {}): AdmissionLimits {
  const limits: AdmissionLimits = { ...DEFAULT_ADMISSION };
  for (const key of Object.keys(limits) as Array<keyof AdmissionLimits>) {
    const value = options[key];
    if (value === undefined) continue;
    const least = key === 'queueLength' ? 0 : 1;
    if (!Number.isSafeInteger(value) || value < least) {
      throw new Error(`admission.${key} must be a whole number of at least ${least}, not ${value}`);
    }
    limits[key] = value;
  }
  return limits;
}
