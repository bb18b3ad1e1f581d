import { type APIRequestContext, expect } from '@playwright/test';
import { E2E } from '../../../playwright.config.ts';
import { DEMO_PROJECT_ID, loopbackUrl } from '../../../server/env.ts';

// The project `npm start` gives the emulator when FIREBASE_PROJECT_ID is unset (scripts/start.ts).
const PROJECT_ID = DEMO_PROJECT_ID;
const EMULATOR_URL = loopbackUrl(E2E.ports.auth);

interface OobCode {
  email: string;
  requestType: string;
  oobLink: string;
}

/**
 * The links of one kind the emulator recorded for `email`, oldest first: it keeps the e-mails it would
 * send.
 */
export async function emailedLinks(
  request: APIRequestContext,
  email: string,
  requestType: 'PASSWORD_RESET' | 'VERIFY_EMAIL',
): Promise<string[]> {
  const response = await request.get(`${EMULATOR_URL}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  expect(response.ok()).toBe(true);
  const { oobCodes } = (await response.json()) as { oobCodes: OobCode[] };
  return oobCodes
    .filter((code) => code.email === email && code.requestType === requestType)
    .map((code) => code.oobLink);
}

/** The newest password-reset link the emulator recorded for `email`. */
export async function passwordResetLink(request: APIRequestContext, email: string): Promise<string> {
  const link = (await emailedLinks(request, email, 'PASSWORD_RESET')).at(-1);
  if (!link) throw new Error(`The Auth emulator recorded no password reset for ${email}`);
  return link;
}
