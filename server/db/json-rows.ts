// Several small tables read in one statement: each as a JSON array of its rows, keyed as Drizzle keys
// them. A round trip costs the API and PostgreSQL a socket write and read each (the larger part of a
// short query's cost on this kind of host, docs/benchmarks.md), so settings read together on every
// checkout come in one.
import { type Column, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * A subquery giving `table`'s rows as a JSON array of objects with Drizzle's property names, in
 * `orderBy` order. Only for columns JSON carries as Drizzle reads them (numbers, text, booleans,
 * arrays, jsonb, dates in string mode): a timestamp would come back as text.
 */
export function jsonRows(table: PgTable, orderBy?: Column): SQL {
  const fields = Object.entries(getTableColumns(table)).map(
    ([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`,
  );
  const order = orderBy ? sql` order by ${orderBy}` : sql``;
  return sql`(select coalesce(json_agg(json_build_object(${sql.join(fields, sql`, `)})${order}), '[]'::json) from ${table})`;
}
