import { type BenchResult, fmt, MB } from './result.ts';
import { signInBenchAdmin, startAdminBench, type startBenchServer } from './server.ts';

const ORDERS = 200_000;
/** Customer 1 owns every 100th order: the baseline export (a search for them) has 2,000. */
const CUSTOMERS = 100;
const BASELINE_ORDERS = ORDERS / CUSTOMERS;

interface Run {
  rows: number;
  bytes: number;
  seconds: number;
  idle: number;
  peak: number;
}

/**
 * Downloads one export as a browser would (it asks for brotli or gzip and reads the bytes as
 * they come, keeping none), sampling the API process's resident memory every 20 ms.
 */
async function exportOnce(
  server: Awaited<ReturnType<typeof startBenchServer>>,
  url: string,
  token: string,
): Promise<Run> {
  const idle = server.rss();
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, server.rss());
  }, 20);
  const started = performance.now();
  try {
    const res = await fetch(url, {
      headers: { Authorization: `Bearer ${token}`, 'Accept-Encoding': 'br, gzip' },
    });
    if (!res.ok || !res.body) throw new Error(`${url} answered ${res.status}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 0x0a) lines += 1;
    }
    return {
      rows: lines - 1,
      bytes,
      seconds: (performance.now() - started) / 1000,
      idle,
      peak: Math.max(peak, server.rss()),
    };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * Exports 200,000 orders as CSV through the HTTP API from a separate API process (`pnpm start`'s
 * own), and reports how far its resident memory rose: the export streams in keyset batches
 * (decision 034), so the rise must stay under 50 MB whatever the row count. The baseline is a
 * 2,000-order export in the same run, so the ratio says how much the memory depends on size.
 */
export async function exportBench(): Promise<BenchResult> {
  const { server, sql, step, seconds, stop } = await startAdminBench('export');
  try {
    await sql`insert into users (first_name, last_name, email, password_hash, role)
      select (array['Zoë','Grace','Alan','Nina','Ray','Joni'])[1 + i % 6], 'Customer' || i,
             'customer' || i || '@example.com', 'not-a-hash', 'customer'
      from generate_series(1, ${CUSTOMERS}) i`;
    step('customers seeded');
    await sql`insert into products (sku, name, category, price_cents, stock)
      select 'B-' || i, 'Bench product ' || i, (array['book','apparel','digital'])[1 + i % 3]::product_category, 500 + i * 37, 100
      from generate_series(1, 50) i`;
    await sql`insert into orders (order_number, user_id, status, subtotal_cents, shipping_cents, tax_cents, total_cents, shipping_address, created_at)
      select 'ORD-B' || lpad(i::text, 7, '0'), u.id,
             (array['pending','paid','processing','shipped','delivered','cancelled','refunded'])[1 + i % 7]::order_status,
             1000 + i % 9000, 599, 70 + i % 630, 1669 + i % 9000 + i % 630,
             jsonb_build_object('firstName', 'Zoë', 'lastName', 'Customer' || i, 'street', i || ' Rue de l''Été',
                                'city', 'Montréal', 'state', 'QC', 'zipCode', 'H2X 1Y4', 'phone', '+15145550100'),
             now() - (i % 365) * interval '1 day' - (i % 1440) * interval '1 minute'
      from generate_series(1, ${ORDERS}) i
      join users u on u.email = 'customer' || (1 + i % ${CUSTOMERS}) || '@example.com'`;
    step('orders seeded');
    await sql`insert into order_items (order_id, product_id, name, sku, unit_price_cents, quantity, line_total_cents)
      select o.id, p.id, p.name, p.sku, p.price_cents, 1, p.price_cents
      from orders o join products p on p.sku = 'B-' || (1 + abs(hashtext(o.order_number)) % 50)`;
    step('items seeded');
    await sql`vacuum analyze`;
    const seedSeconds = seconds();
    await sql.end();

    const token = await signInBenchAdmin(server.url);
    const base = `${server.url}/api/admin/exports/orders`;
    const small = `${base}?q=${encodeURIComponent('customer1@example')}`;
    // Warm up: the export's code loaded and compiled, the pool's connections open.
    await exportOnce(server, small, token);
    step('warmed up');
    const baseline = await exportOnce(server, small, token);
    step('baseline exported');
    const full = await exportOnce(server, base, token);
    step('all exported');
    if (baseline.rows !== BASELINE_ORDERS || full.rows !== ORDERS) {
      throw new Error(`exported ${baseline.rows} and ${full.rows} orders`);
    }
    const rise = (run: Run) => (run.peak - run.idle) / MB;
    const fullRise = rise(full);
    return {
      title: `export: ${fmt(ORDERS)} orders as CSV through GET /api/admin/exports/orders from a separate API process (seeded in ${fmt(seedSeconds, 1)} s), read as a browser reads (brotli)`,
      rows: [
        {
          name: `API RSS rise, ${fmt(ORDERS)} orders`,
          value: `${fmt(fullRise, 1)} MB (idle ${fmt(full.idle / MB)} MB, peak ${fmt(full.peak / MB)} MB)`,
          baseline: `${fmt(BASELINE_ORDERS)} orders: rise ${fmt(rise(baseline), 1)} MB, peak ${fmt(baseline.peak / MB)} MB`,
          ratio: full.peak / baseline.peak,
          target: '< 50 MB',
          met: fullRise < 50,
          note: `ratio: peak RSS of the two exports; ${fmt(ORDERS / BASELINE_ORDERS)} times the rows, sampled every 20 ms`,
        },
        {
          name: 'export throughput',
          value: `${fmt(full.rows / full.seconds)} rows/s (${fmt(full.bytes / MB, 1)} MB of CSV in ${fmt(full.seconds, 1)} s)`,
          baseline: `${fmt(BASELINE_ORDERS)} orders ${fmt(baseline.rows / baseline.seconds)} rows/s`,
          ratio: full.rows / full.seconds / (baseline.rows / baseline.seconds),
          target: '',
          met: null,
        },
      ],
    };
  } finally {
    await stop();
  }
}
