import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { expect } from 'vitest';
import type { Database } from '../../../server/db/client.ts';
import * as schema from '../../../server/db/schema.ts';
import { copyTemplateDatabase } from './test-app.ts';

// What PostgreSQL would do with the statements a service sends: a database of the test's own whose
// statements are recorded, and each recorded SELECT's plan (tests/server/list-indexes.test.ts,
// owners-day.test.ts).

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** A fresh migrated database, a pool on it, and the services' view of it recording what they send. */
export async function recordingDatabase(poolMax = 2) {
  const database = await copyTemplateDatabase();
  const pool = new pg.Pool({ connectionString: database.url, max: poolMax });
  /** The statements the services sent, with their parameters. */
  const sent: Array<{ text: string; params: unknown[] }> = [];
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (text, params) => sent.push({ text, params }) },
  }) as unknown as Database;
  return {
    pool,
    db,
    sent,
    close: async () => {
      await pool.end();
      await database.drop();
    },
  };
}
export type RecordingDatabase = Awaited<ReturnType<typeof recordingDatabase>>;

/** Runs `read`, then asks PostgreSQL how it would run each SELECT it sent: every node of each plan. */
export async function plansOf(
  { pool, sent }: RecordingDatabase,
  read: () => Promise<unknown>,
): Promise<Array<{ text: string; nodes: PlanNode[] }>> {
  sent.length = 0;
  await read();
  const selects = sent.filter((query) => /^\s*select/i.test(query.text));
  expect(selects.length).toBeGreaterThan(0);
  const plans = [];
  for (const { text, params } of selects) {
    const { rows } = await pool.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
      `explain (format json) ${text}`,
      params,
    );
    plans.push({ text, nodes: nodesOf(rows[0]!['QUERY PLAN'][0]!.Plan) });
  }
  return plans;
}
