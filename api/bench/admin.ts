import { type BenchResult, fmt } from './result.ts';
import { signInBenchAdmin, startAdminBench } from './server.ts';

const ORDERS = 200_000;
const CUSTOMERS = 20_000;
const ROUNDS = 200;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function timeIt(url: string, token: string | null): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - started;
}

/**
 * With 200,000 orders and 20,000 customers: the median time of the dashboard and of a filtered,
 * searched orders page, each as a ratio to /api/health measured in the same run.
 */
export async function adminBench(): Promise<BenchResult> {
  const { server, sql, step, seconds, stop } = await startAdminBench('admin');
  try {
    // A fixed (valid) argon2 hash: the customers never sign in here.
    await sql`insert into users (first_name, last_name, email, password_hash, role, created_at)
      select (array['Ada','Grace','Alan','Nina','Ray','Joni'])[1 + i % 6], 'Customer' || i,
             'customer' || i || '@example.com', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA',
             'customer', now() - (i % 365) * interval '1 day'
      from generate_series(1, ${CUSTOMERS}) i`;
    step('customers seeded');
    await sql`insert into products (sku, name, category, price_cents, stock)
      select 'B-' || i, 'Bench product ' || i, (array['book','apparel','digital'])[1 + i % 3]::product_category, 500 + i * 37, i % 12
      from generate_series(1, 50) i`;
    step('products seeded');
    await sql`insert into orders (order_number, user_id, status, subtotal_cents, shipping_cents, tax_cents, total_cents, created_at)
      select 'ORD-B' || lpad(i::text, 7, '0'), u.id,
             (array['pending','paid','processing','shipped','delivered','cancelled','refunded'])[1 + i % 7]::order_status,
             1000 + i % 9000, 599, 70 + i % 630, 1669 + i % 9000 + i % 630, now() - (i % 365) * interval '1 day' - (i % 1440) * interval '1 minute'
      from generate_series(1, ${ORDERS}) i
      join lateral (select id from users where email = 'customer' || (1 + i % ${CUSTOMERS}) || '@example.com') u on true`;
    step('orders seeded');
    await sql`insert into order_items (order_id, product_id, name, sku, unit_price_cents, quantity, line_total_cents)
      select o.id, p.id, p.name, p.sku, p.price_cents, 1, p.price_cents
      from orders o join lateral (select * from products where sku = 'B-' || (1 + abs(hashtext(o.order_number)) % 50)) p on true`;
    step('items seeded');
    // A table this size in service has been vacuumed by autovacuum (visibility map current,
    // so counts can be answered from an index); a bulk load just made has not.
    await sql`vacuum analyze`;
    const seedSeconds = seconds();
    await sql.end();

    const token = await signInBenchAdmin(server.url);
    const targets = {
      health: [`${server.url}/api/health`, null],
      dashboard: [`${server.url}/api/admin/dashboard`, token],
      orders: [
        `${server.url}/api/admin/orders?status=shipped&q=grace&page=2&pageSize=20&sort=createdAt&dir=desc`,
        token,
      ],
    } as const;
    const times: Record<keyof typeof targets, number[]> = {
      health: [],
      dashboard: [],
      orders: [],
    };
    for (const [u, t] of Object.values(targets)) for (let i = 0; i < 10; i++) await timeIt(u, t); // warm up
    for (let i = 0; i < ROUNDS; i++) {
      for (const [name, [u, t]] of Object.entries(targets))
        times[name as keyof typeof targets].push(await timeIt(u, t));
    }
    const h = median(times.health);
    const row = (name: 'dashboard' | 'orders', label: string) => {
      const m = median(times[name]);
      return {
        name: label,
        value: `${fmt(m, 1)} ms median`,
        baseline: `GET /api/health ${fmt(h, 2)} ms`,
        ratio: m / h,
        target: '< 50 ms',
        met: m < 50,
      };
    };
    return {
      title: `admin: ${fmt(ORDERS)} orders, ${fmt(CUSTOMERS)} customers (seeded in ${fmt(seedSeconds, 1)} s), ${ROUNDS} rounds`,
      rows: [
        row('dashboard', 'GET /api/admin/dashboard'),
        row('orders', 'GET /api/admin/orders (status + search + page 2)'),
      ],
    };
  } finally {
    await stop();
  }
}
