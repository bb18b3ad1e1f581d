// The benchmarks' variables (`npm run bench:api`, `bench:rush` and `bench:web`), in the order of
// .env.example's section for them (docs/decisions/033).
import { defineEnv, flag, wholeNumber } from '../../server/env.ts';

/** A benchmark's runs, seconds or rates. */
const count = (fallback: number, min = 1) => wholeNumber(fallback, min, 1_000_000);

export const BENCH_ENV = defineEnv({
  BENCH_RUNS: count(3),
  BENCH_DURATION: count(2),
  BENCH_RUSH_RATE: count(36),
  BENCH_RUSH_SECONDS: count(60),
  BENCH_RUSH_CUSTOMERS: count(400),
  BENCH_RUSH_RUNS: count(3),
  BENCH_RUSH_WARMUP_SECONDS: count(10, 0),
  BENCH_RUSH_FIND: flag,
  BENCH_RUSH_FIND_FROM: count(36),
  BENCH_RUSH_FIND_STEP: count(12),
  BENCH_LIGHTHOUSE_RUNS: count(5),
});
