// The server tests' variables (read by tests/server/global-setup.ts and the tests that start servers of
// their own), in the order of .env.example's section for them (docs/decisions/033). Their ports are their
// own, so that they never meet a running `npm start`.
import { defineEnv, port, text } from '../../../server/env.ts';

export const SERVER_TESTS_ENV = defineEnv({
  TEST_DATABASE_URL: text,
  TEST_PG_PORT: port(54339),
  TEST_AUTH_EMULATOR_PORT: port(9299),
});
