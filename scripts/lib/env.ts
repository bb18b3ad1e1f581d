// The commands' variables, in the order of .env.example's section for them (docs/decisions/033): the
// ports and data folder of what `npm start` runs itself (the database, the Auth emulator, the mail
// catcher), which seeds and admin:grant find again, and where `npm run screenshots` looks. `npm start`
// also reads some of the servers' variables, to choose them for the stack it runs (scripts/start.ts).
import * as v from 'valibot';
import { A_YEAR } from '../../server/db/seed/volume.ts';
import { defineEnv, localhostUrl, PORTS, port, url, wholeNumber } from '../../server/env.ts';

export const COMMANDS_ENV = defineEnv({
  AUTH_EMULATOR_PORT: port(PORTS.authEmulator),
  PG_PORT: port(PORTS.pg),
  PIZZON_DATA_DIR: v.optional(v.string(), '.data'),
  MAIL_PORT: port(PORTS.mail),
  MAIL_WEB_PORT: port(PORTS.mailWeb),

  // `npm run seed:volume`: how many orders it adds (with a customer for every five, a booking for every ten).
  SEED_VOLUME_ORDERS: wholeNumber(A_YEAR.orders, 1, 10_000_000),

  // `npm run screenshots`, against a running `npm start`.
  BASE_URL: v.optional(url(localhostUrl(PORTS.web)), localhostUrl(PORTS.web)),
  API_URL: v.optional(url(localhostUrl(PORTS.api)), localhostUrl(PORTS.api)),
});

/** The ports one `npm start` stack takes (a developer's, the browser suite's, the benchmarks'). */
export interface StackPorts {
  web: number;
  api: number;
  auth: number;
  pg: number;
  mail: number;
  mailWeb: number;
}

/** What `npm start` is given to run a stack on `ports`, keeping its data in `dataDir`. */
export function stackEnv(ports: StackPorts, dataDir: string): Record<string, string> {
  return {
    WEB_PORT: String(ports.web),
    API_PORT: String(ports.api),
    AUTH_EMULATOR_PORT: String(ports.auth),
    PG_PORT: String(ports.pg),
    MAIL_PORT: String(ports.mail),
    MAIL_WEB_PORT: String(ports.mailWeb),
    PIZZON_DATA_DIR: dataDir,
  };
}
