import { describe, expect, it } from 'vitest';
import { setupBrowser } from './browser.ts';

const b = setupBrowser();
const PROMO = 'Join our modded Minecraft server and build with the community';

describe('the header and footer on every page', () => {
  it.each([
    [1440, true],
    [1280, true],
    [1024, false],
    [390, false],
  ])('at %i px the promo line is visible: %s', async (width, visible) => {
    const page = await b.page(width, 800);
    await page.goto(`${b.baseUrl()}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByText(PROMO).isVisible()).toBe(visible);
    await page.context().close();
  });

  it.each([1440, 390])('at %i px the Minecraft button leads to /minecraft', async (width) => {
    const page = await b.page(width, 800);
    await page.goto(`${b.baseUrl()}/event-space`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Minecraft Server' }).click();
    await page.getByRole('heading', { name: 'Minecraft Server', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/minecraft');
    await page.context().close();
  });

  it('stays fixed at the top while the page scrolls', async () => {
    const page = await b.page(1440, 800);
    await page.goto(`${b.baseUrl()}/privacy-policy`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.mouse.wheel(0, 1500);
    await page.waitForFunction(() => window.scrollY > 1000);
    const top = await page.getByRole('banner').evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBe(0);
    await page.context().close();
  });

  it("the footer's Admin link leads to /login, and the brand back home", async () => {
    const page = await b.page(1440, 800);
    await page.goto(`${b.baseUrl()}/terms-of-service`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Admin' }).click();
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Studio home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });

  it('shows how many items the cart holds, and updates when another tab adds one', async () => {
    const page = await b.page(1440, 800);
    await page.goto(`${b.baseUrl()}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Cart', exact: true }).waitFor();
    const line = (productId: string, quantity: number) => ({
      productId,
      name: `Item ${productId}`,
      priceCents: 1000,
      quantity,
      stock: 10,
    });
    // Another tab writes the cart: the storage event reaches this one.
    const other = await page.context().newPage();
    await other.goto(`${b.baseUrl()}/privacy-policy`);
    await other.evaluate(
      (cart) => localStorage.setItem('cart', JSON.stringify(cart)),
      [line('a', 2), line('b', 1)],
    );
    await page.getByRole('link', { name: 'Cart, 3 items' }).waitFor();
    await page.reload();
    await page.getByRole('link', { name: 'Cart, 3 items' }).click();
    await page.waitForURL((url) => url.pathname === '/cart');
    await page.context().close();
  });
});
