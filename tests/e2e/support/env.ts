// The browser suite's variables (read by playwright.config.ts and tests/e2e/chromium.ts, which the
// screenshots and the benchmarks borrow), in the order of .env.example's section for them
// (docs/decisions/033). The stack `npm start` runs for the suite takes ports of its own, so that it never
// meets a running `npm start`.
import * as v from 'valibot';
import { defineEnv, port, text } from '../../../server/env.ts';

export const BROWSER_TESTS_ENV = defineEnv({
  E2E_WEB_PORT: port(5273),
  E2E_API_PORT: port(5100),
  E2E_AUTH_PORT: port(9399),
  E2E_PG_PORT: port(54349),
  E2E_MAIL_PORT: port(2725),
  E2E_MAIL_WEB_PORT: port(1280),
  // The shop's time zone for the run (support/shop-zone.ts); unset: where it is mid-morning now.
  E2E_SHOP_TIME_ZONE: text,
  CHROMIUM_PATH: v.optional(v.string(), '/usr/bin/chromium'),
});
