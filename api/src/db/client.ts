import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from './schema/index.ts';

export function createDb(
  url: string,
  options: { max?: number; onQuery?: (query: string) => void } = {},
) {
  const onQuery = options.onQuery;
  const sql = postgres(url, {
    max: options.max ?? 10,
    ...(onQuery ? { debug: (_connection: number, query: string) => onQuery(query) } : {}),
    onnotice: () => {},
    connection: { application_name: 'studio-api' },
  });
  const db = drizzle(sql, { schema, casing: 'snake_case' });
  return { db, sql };
}

export type Db = ReturnType<typeof createDb>['db'];
/** A transaction handle accepts the same queries as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;
