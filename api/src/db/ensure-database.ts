import postgres from 'postgres';

/** Creates database `name` on the server at `serverUrl` when it does not exist yet. */
export async function ensureDatabase(serverUrl: string, name: string): Promise<string> {
  const sql = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql`select 1 from pg_database where datname = ${name}`;
    if (rows.length === 0) await sql.unsafe(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await sql.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
