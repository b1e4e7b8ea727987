import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { stockMovements } from '../../db/schema/stock-movements.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createProduct } from '../../test/products.ts';
import { moveStock } from './move-stock.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const movementsOf = (productId: string) =>
  t.db
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.productId, productId))
    .orderBy(asc(stockMovements.id));

describe('moveStock', () => {
  it('changes the stock and records the movement with the stock it left', async () => {
    const product = await createProduct(t.db, { stock: 0 });
    expect(await moveStock(t.db, { productId: product.id, delta: 5, cause: 'initial' })).toEqual({
      stock: 5,
    });
    expect(
      await moveStock(t.db, { productId: product.id, delta: -2, cause: 'admin_edit', note: 'n' }),
    ).toEqual({ stock: 3 });
    expect(
      (await movementsOf(product.id)).map((m) => [m.delta, m.stockAfter, m.cause, m.note]),
    ).toEqual([
      [5, 5, 'initial', null],
      [-2, 3, 'admin_edit', 'n'],
    ]);
  });

  it('refuses to go below zero: null, nothing changed or recorded', async () => {
    const product = await createProduct(t.db, { stock: 0 });
    await moveStock(t.db, { productId: product.id, delta: 1, cause: 'initial' });
    expect(await moveStock(t.db, { productId: product.id, delta: -2, cause: 'sale' })).toBeNull();
    expect(await moveStock(t.db, { productId: product.id, delta: 0, cause: 'sale' })).toEqual({
      stock: 1,
    });
    expect((await movementsOf(product.id)).length).toBe(1);
  });

  it('answers null for a missing product', async () => {
    expect(
      await moveStock(t.db, {
        productId: '00000000-0000-4000-8000-000000000000',
        delta: 1,
        cause: 'initial',
      }),
    ).toBeNull();
  });

  it('records the right stock after each of concurrent moves', async () => {
    const product = await createProduct(t.db, { stock: 0 });
    await moveStock(t.db, { productId: product.id, delta: 20, cause: 'initial' });
    const results = await Promise.all(
      Array.from({ length: 25 }, () =>
        t.db.transaction((tx) =>
          moveStock(tx, { productId: product.id, delta: -1, cause: 'sale' }),
        ),
      ),
    );
    expect(results.filter((r) => r === null).length).toBe(5);
    const sales = (await movementsOf(product.id)).filter((m) => m.cause === 'sale');
    expect(sales.map((m) => m.stockAfter).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i),
    );
  });
});
