import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { apiCall } from './api';
import { seriousAxeViolations } from './axe';
import { screenshotDir, setupBrowser } from './browser';
import { makeWav } from './files';
import { peers } from './peers';
import { databaseUrl as stackDatabaseUrl } from './stack';
import {
  alephiumAddress,
  chainAccounts,
  injectAlephiumWallet,
  injectEvmWallet,
  stubPaypalSdk,
} from './wallets';

const b = setupBrowser();
const databaseUrl = stackDatabaseUrl();
const sql = databaseUrl ? postgres(databaseUrl, { max: 1, onnotice: () => {} }) : undefined;
afterAll(async () => {
  await sql?.end();
});

function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('.mantine-Notification-root').filter({ hasText: text });
}

function paymentDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Complete Your Payment' });
}

interface ProjectView {
  submission: { paid: boolean; paymentState: string; total: string | null };
}

async function projectView(id: string) {
  return apiCall<ProjectView>('GET', `/projects/${id}`);
}

/** The submission's payment state as the database has it (when the suite runs on PostgreSQL). */
async function storedState(id: string): Promise<string | undefined> {
  if (!sql) return undefined;
  const [row] = await sql<{ payment_state: string }[]>`
    select payment_state from project_submissions where id = ${id}`;
  return row?.payment_state;
}

/**
 * Submits a project for `service` with two small audio files through the landing page's form;
 * answers the new submission's id and the e-mail it was sent with.
 */
async function submitProject(page: Page, service = 'Song Mix') {
  page.setDefaultTimeout(15_000);
  await page.goto(`${b.baseUrl()}/`);
  await page.getByRole('button', { name: 'Submit Project & Pay' }).click();
  const dialog = page.getByRole('dialog', { name: 'Submit Your Project' });
  await dialog.waitFor();
  const email = `payer-${randomUUID().slice(0, 8)}@example.com`;
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Pat Payer');
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('combobox', { name: 'Service' }).click();
  await page.getByRole('option', { name: service, exact: true }).click();
  await dialog
    .getByRole('textbox', { name: 'Project details' })
    .fill('Mix these two stems into a warm, wide master.');
  await dialog.locator('input[type="file"]').setInputFiles([
    { name: 'vocals.wav', mimeType: 'audio/wav', buffer: makeWav() },
    { name: 'drums.wav', mimeType: 'audio/wav', buffer: makeWav(882) },
  ]);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/projects/submit-uploads'));
  await dialog.getByRole('button', { name: 'Submit Project' }).click();
  const body = (await (await answer).json()) as { submissionId: string };
  await dialog.waitFor({ state: 'hidden' });
  return { submissionId: body.submissionId, email };
}

/** Song Mix: payment price $220.00, tax $15.40, total $235.40. */
async function expectSongMixSummary(dialog: Locator) {
  const summary = dialog.getByTestId('payment-summary');
  await summary.getByText('Song Mix').waitFor();
  expect(await summary.innerText()).toMatch(
    /Service\s+Song Mix\s+Price\s+\$220\.00\s+Tax \(7%\)\s+\$15\.40\s+Total\s+\$235\.40/,
  );
}

describe('paying for a project', () => {
  it('pays with USDT from an injected wallet on the local chain', async () => {
    const page = await b.page();
    const accounts = await chainAccounts();
    const payer = accounts[5] ?? '';
    const { usdtAddress, evmMerchant, rpcUrl } = await peers.config();
    await injectEvmWallet(page, { account: payer });
    await stubPaypalSdk(page);
    const merchantBefore = await tokenBalance(rpcUrl, usdtAddress, evmMerchant);

    const { submissionId } = await submitProject(page);
    const dialog = paymentDialog(page);
    await dialog.waitFor();
    await expectSongMixSummary(dialog);
    const quoted = page.waitForResponse((r) => r.url().endsWith('/api/payments/quote'));
    await dialog.getByRole('tab', { name: 'USDT' }).click();
    const quote = (await (await quoted).json()) as { amountBaseUnits: string };
    await dialog.getByText('Pay with USDT').waitFor();
    expect(await dialog.getByTestId('usdt-amount').innerText()).toBe('235.40 USDT');
    // The wallet sends the quote's exact base units: the price plus a small identifying tag.
    const due = BigInt(quote.amountBaseUnits);
    expect(due >= 235_400_000n && due < 235_410_000n).toBe(true);
    // Not connected yet: eth_accounts answered nothing, silently.
    await dialog.getByRole('button', { name: 'Connect Wallet' }).click();
    await toast(page, 'Wallet connected successfully!').waitFor();
    expect(await dialog.getByTestId('usdt-address').innerText()).toBe(
      `${payer.slice(0, 6)}...${payer.slice(-4)}`,
    );
    await dialog.getByText('Balance: 1,000,000.00 USDT').waitFor();
    await dialog.screenshot({ path: path.join(screenshotDir, 'payment-modal-usdt.png') });
    expect(await seriousAxeViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Pay 235.40 USDT' }).click();
    await toast(page, 'Payment completed successfully!').waitFor({ timeout: 20_000 });
    await dialog.waitFor({ state: 'hidden' });

    expect((await projectView(submissionId)).submission).toMatchObject({
      paid: true,
      paymentState: 'paid',
    });
    if (sql) expect(await storedState(submissionId)).toBe('paid');
    expect(await tokenBalance(rpcUrl, usdtAddress, evmMerchant)).toBe(merchantBefore + due);
    await page.context().close();
  });

  it('pays with Alephium from an injected extension wallet and the node stand-in', async () => {
    const page = await b.page();
    const address = alephiumAddress();
    await peers.setAlephiumBalance(address, (1000n * 10n ** 18n).toString());
    await injectAlephiumWallet(page, { address });
    await stubPaypalSdk(page);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);

    const { submissionId } = await submitProject(page);
    const dialog = paymentDialog(page);
    await dialog.waitFor();
    await dialog.getByRole('tab', { name: 'ALPH' }).click();
    // $235.40 at $0.50 per ALPH.
    await dialog.getByTestId('alph-amount').getByText('470.80 ALPH').waitFor();
    await dialog.getByRole('button', { name: 'Connect Alephium Wallet' }).click();
    await toast(page, 'Wallet connected successfully!').waitFor();
    expect(await dialog.getByTestId('alph-address').innerText()).toBe(
      `${address.slice(0, 6)}...${address.slice(-4)}`,
    );
    await dialog.getByText('Balance: 1,000.0000 ALPH').waitFor();

    // Copy: confirmed, then back after 2 seconds.
    await dialog.getByRole('button', { name: 'Copy address' }).click();
    await dialog.getByRole('button', { name: 'Address copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    await page.waitForTimeout(1500);
    expect(await dialog.getByRole('button', { name: 'Address copied' }).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Copy address' }).waitFor({ timeout: 1500 });
    await dialog.screenshot({ path: path.join(screenshotDir, 'payment-modal-alph.png') });

    await dialog.getByRole('button', { name: 'Pay 470.80 ALPH' }).click();
    await toast(page, 'Payment completed successfully!').waitFor({ timeout: 20_000 });
    await dialog.waitFor({ state: 'hidden' });
    expect((await projectView(submissionId)).submission.paid).toBe(true);
    if (sql) expect(await storedState(submissionId)).toBe('paid');
    await page.context().close();
  });

  it('pays with PayPal through the SDK stub and the PayPal stand-in', async () => {
    const page = await b.page();
    const { sdkUrls } = await stubPaypalSdk(page);
    const { submissionId } = await submitProject(page);
    const dialog = paymentDialog(page);
    await dialog.waitFor();
    await expectSongMixSummary(dialog);
    // PayPal is the default tab; the SDK is asked for in USD with the configured client id.
    expect(await dialog.getByRole('tab', { name: 'PayPal' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await dialog.getByTestId('paypal-stub-button').waitFor();
    const { paypalClientId } = await peers.config();
    expect(sdkUrls[0]).toContain(`client-id=${paypalClientId}`);
    expect(sdkUrls[0]).toContain('currency=USD');
    await dialog.screenshot({ path: path.join(screenshotDir, 'payment-modal-paypal.png') });

    await dialog.getByTestId('paypal-stub-button').click();
    await toast(page, 'Payment completed successfully!').waitFor({ timeout: 20_000 });
    await dialog.waitFor({ state: 'hidden' });
    expect((await projectView(submissionId)).submission.paid).toBe(true);
    if (sql) expect(await storedState(submissionId)).toBe('paid');
    await page.context().close();
  });

  it('cancelling leaves the project unpaid, and the e-mailed link pays it later', {
    timeout: 60_000,
  }, async () => {
    const page = await b.page();
    await stubPaypalSdk(page);
    const { submissionId, email } = await submitProject(page);
    const dialog = paymentDialog(page);
    await dialog.waitFor();

    // Escape asks first; Continue Payment keeps the modal.
    await dialog.getByTestId('paypal-stub-button').waitFor();
    await page.keyboard.press('Escape');
    const confirm = page.getByRole('dialog', { name: 'Cancel Payment?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Continue Payment' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await dialog.isVisible()).toBe(true);

    // The close button asks the same; Cancel Payment closes both.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await confirm.getByRole('button', { name: 'Cancel Payment' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await projectView(submissionId)).submission).toMatchObject({ paid: false });
    if (sql) expect(await storedState(submissionId)).toBe('unpaid');

    // The confirmation e-mail carries the pay-later link.
    const [mail] = await peers.mail(email);
    const link = /https?:\/\/[^\s]+\/projects\/([0-9a-f-]{36})\/pay/.exec(mail?.text ?? '');
    expect(link?.[1]).toBe(submissionId);
    const later = await b.page(390, 844);
    await stubPaypalSdk(later);
    await later.goto(`${b.baseUrl()}/projects/${submissionId}/pay`);
    await later.getByRole('heading', { name: 'Pay for your project' }).waitFor();
    await expectSongMixSummary(later.locator('body'));
    await b.screenshot(later, 'pay-later-390');
    expect(await seriousAxeViolations(later)).toEqual([]);
    await later.getByTestId('paypal-stub-button').click();
    await toast(later, 'Payment completed successfully!').waitFor({ timeout: 20_000 });
    await later.getByText('This project is paid. Thank you!').waitFor();
    expect((await projectView(submissionId)).submission.paid).toBe(true);
    await page.context().close();
    await later.context().close();
  });
});

describe('payment errors', () => {
  it('PayPal that cannot load, and a PayPal cancel', async () => {
    const page = await b.page();
    await page.route('https://www.paypal.com/sdk/js**', (route) => route.abort());
    await submitProject(page);
    const dialog = paymentDialog(page);
    await dialog.getByText('Failed to load PayPal. Please try another payment method.').waitFor();
    await toast(page, 'Failed to load PayPal. Please try another payment method.').waitFor();
    await page.context().close();

    const second = await b.page();
    await stubPaypalSdk(second, 'cancel');
    const { submissionId } = await submitProject(second);
    await paymentDialog(second).getByTestId('paypal-stub-button').click();
    await toast(second, 'Payment cancelled').waitFor();
    expect((await projectView(submissionId)).submission.paid).toBe(false);
    await second.context().close();
  });

  it('USDT: no wallet, a rejected transfer, and a wallet short of USDT', async () => {
    const page = await b.page();
    await stubPaypalSdk(page);
    await submitProject(page);
    let dialog = paymentDialog(page);
    await dialog.getByRole('tab', { name: 'USDT' }).click();
    await dialog.getByRole('button', { name: 'Connect Wallet' }).click();
    await dialog.getByText(/No browser wallet extension is installed/).waitFor();
    await toast(page, 'Failed to connect wallet').waitFor();
    await page.context().close();

    // Connected already (found silently), but the buyer rejects the transfer.
    const accounts = await chainAccounts();
    const rejecting = await b.page();
    await injectEvmWallet(rejecting, {
      account: accounts[6] ?? '',
      preconnected: true,
      reject: ['eth_sendTransaction'],
    });
    await stubPaypalSdk(rejecting);
    const { submissionId } = await submitProject(rejecting);
    dialog = paymentDialog(rejecting);
    await dialog.getByRole('tab', { name: 'USDT' }).click();
    await dialog.getByText('Balance: 1,000,000.00 USDT').waitFor();
    await dialog.getByRole('button', { name: 'Pay 235.40 USDT' }).click();
    await toast(rejecting, 'Payment failed: You rejected the request in your wallet.').waitFor();
    await dialog.getByText('You rejected the request in your wallet.').waitFor();
    expect((await projectView(submissionId)).submission.paid).toBe(false);
    await rejecting.context().close();

    // Account #0 deployed the token and holds none of it.
    const poor = await b.page();
    await injectEvmWallet(poor, { account: accounts[0] ?? '', preconnected: true });
    await stubPaypalSdk(poor);
    await submitProject(poor);
    dialog = paymentDialog(poor);
    await dialog.getByRole('tab', { name: 'USDT' }).click();
    await dialog.getByText('Balance: 0.00 USDT').waitFor();
    await dialog.getByText('Insufficient USDT balance').waitFor();
    expect(await dialog.getByRole('button', { name: 'Pay 235.40 USDT' }).isDisabled()).toBe(true);
    await poor.context().close();
  });

  it('Alephium: no extension, no provider, and too little ALPH', async () => {
    const page = await b.page();
    await stubPaypalSdk(page);
    await submitProject(page);
    let dialog = paymentDialog(page);
    await dialog.getByRole('tab', { name: 'ALPH' }).click();
    await dialog.getByRole('button', { name: 'Connect Alephium Wallet' }).click();
    await dialog
      .getByText(
        'Extension Wallet for Alephium is not installed. Please install it from the Chrome Web Store.',
      )
      .waitFor();
    await toast(page, 'Failed to connect wallet').waitFor();
    // Some extension registered the providers object, but no Alephium provider in it.
    await page.evaluate(() => {
      (window as unknown as { alephiumProviders: object }).alephiumProviders = {};
    });
    await dialog.getByRole('button', { name: 'Connect Alephium Wallet' }).click();
    await dialog.getByText('Alephium provider not found').waitFor();
    await page.context().close();

    const poor = await b.page();
    const address = alephiumAddress();
    await peers.setAlephiumBalance(address, (10n ** 18n).toString());
    await injectAlephiumWallet(poor, { address });
    await stubPaypalSdk(poor);
    await submitProject(poor);
    dialog = paymentDialog(poor);
    await dialog.getByRole('tab', { name: 'ALPH' }).click();
    await dialog.getByRole('button', { name: 'Connect Alephium Wallet' }).click();
    await dialog.getByText('Balance: 1.0000 ALPH').waitFor();
    await dialog.getByText('Insufficient ALPH balance').waitFor();
    expect(await dialog.getByRole('button', { name: 'Pay 470.80 ALPH' }).isDisabled()).toBe(true);
    await poor.context().close();
  });
});

describe('wallet and provider events', () => {
  it("PayPal approved but declined at capture: PayPal's restart, the buyer approves the same order again, paid", async () => {
    const page = await b.page();
    const { orderIds } = await stubPaypalSdk(page, 'decline');
    const { submissionId } = await submitProject(page);
    const dialog = paymentDialog(page);
    await dialog.getByTestId('paypal-stub-button').click();
    await toast(
      page,
      'The payment was declined. Please try another card or payment method.',
    ).waitFor();
    await toast(page, 'Payment completed successfully!').waitFor({ timeout: 20_000 });
    await dialog.waitFor({ state: 'hidden' });
    // One order: approved, declined, approved again with another funding source, captured.
    expect(orderIds).toHaveLength(1);
    expect((await projectView(submissionId)).submission.paid).toBe(true);
    await page.context().close();
  });

  it('PayPal down when the payment is confirmed: a calm message, the payment stays open, and "Try again" pays the same order', async () => {
    const page = await b.page();
    const { orderIds } = await stubPaypalSdk(page, 'unavailable');
    const { submissionId } = await submitProject(page);
    const dialog = paymentDialog(page);
    await dialog.getByTestId('paypal-stub-button').click();
    const notice = dialog.getByRole('status').filter({ hasText: 'could not be checked just now' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain(
      'It stays open and is checked again automatically',
    );
    expect(await toast(page, 'Payment verification failed').count()).toBe(0);
    expect(await dialog.isVisible()).toBe(true);
    expect((await projectView(submissionId)).submission.paid).toBe(false);

    await peers.paypalUnavailable(orderIds[0] ?? '', false);
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await toast(page, 'Payment completed successfully!').waitFor({ timeout: 20_000 });
    await dialog.waitFor({ state: 'hidden' });
    expect(orderIds).toHaveLength(1);
    expect((await projectView(submissionId)).submission.paid).toBe(true);
    await page.context().close();
  });

  it('USDT: switches network, follows account changes, and reloads to the pay page on a chain change', async () => {
    const page = await b.page();
    const accounts = await chainAccounts();
    const first = accounts[8] ?? '';
    const second = accounts[9] ?? '';
    const wallet = await injectEvmWallet(page, {
      account: first,
      preconnected: true,
      startChainId: '0x1',
    });
    await stubPaypalSdk(page);
    const { submissionId } = await submitProject(page);
    const dialog = paymentDialog(page);
    await dialog.getByRole('tab', { name: 'USDT' }).click();
    // Found silently, on another network: paying waits for the switch.
    await dialog.getByText('Wrong network').waitFor();
    expect(await dialog.getByRole('button', { name: 'Pay 235.40 USDT' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Switch network' }).click();
    await dialog.getByText('Balance: 1,000,000.00 USDT').waitFor();
    expect(await dialog.getByText('Wrong network').count()).toBe(0);

    // Another account in the wallet: the panel follows it; an empty list disconnects.
    await wallet.emit(page, 'accountsChanged', [second]);
    await dialog
      .getByTestId('usdt-address')
      .getByText(`${second.slice(0, 6)}...${second.slice(-4)}`)
      .waitFor();
    await wallet.emit(page, 'accountsChanged', []);
    await dialog.getByRole('button', { name: 'Connect Wallet' }).waitFor();

    // A chain change reloads: to the page that pays this same submission.
    await wallet.emit(page, 'chainChanged', '0x5');
    await page.waitForURL(new RegExp(`/projects/${submissionId}/pay\\?method=usdt$`));
    await page.getByRole('heading', { name: 'Pay for your project' }).waitFor();
    expect(await page.getByRole('tab', { name: 'USDT' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await page.context().close();
  });
});

describe('upload progress', () => {
  it('moves the progress bars during an upload, and cancelling stores nothing', {
    timeout: 60_000,
  }, async () => {
    const page = await b.page();
    page.setDefaultTimeout(15_000);
    await page.goto(`${b.baseUrl()}/`);
    // A slow uplink, so the upload takes a few seconds.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: 10 * 1024 * 1024,
      uploadThroughput: 200 * 1024,
    });
    await page.getByRole('button', { name: 'Submit Project & Pay' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit Your Project' });
    const email = `slow-${randomUUID().slice(0, 8)}@example.com`;
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Sam Slow');
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
    await dialog.getByRole('combobox', { name: 'Service' }).click();
    await page.getByRole('option', { name: 'Song Mix', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Project details' }).fill('A long take to upload.');
    await dialog.locator('input[type="file"]').setInputFiles([
      { name: 'take-1.wav', mimeType: 'audio/wav', buffer: makeWav(800_000) },
      { name: 'take-2.wav', mimeType: 'audio/wav', buffer: makeWav(800_000) },
    ]);
    await dialog.getByRole('button', { name: 'Submit Project' }).click();

    const overall = dialog.getByTestId('upload-overall').getByRole('progressbar');
    const value = async () => Number(await overall.getAttribute('aria-valuenow'));
    await overall.waitFor();
    await expect.poll(value, { timeout: 10_000 }).toBeGreaterThan(5);
    const first = await value();
    await expect.poll(value, { timeout: 10_000 }).toBeGreaterThan(first);
    expect(first).toBeLessThan(100);
    await dialog.getByText(/About \d+ (s|min)/).waitFor();
    const fileBars = dialog.getByTestId('upload-file');
    expect(await fileBars.count()).toBe(2);
    expect(
      Number(await fileBars.nth(0).getByRole('progressbar').getAttribute('aria-valuenow')),
    ).toBeGreaterThan(0);
    await dialog.screenshot({ path: path.join(screenshotDir, 'submit-upload-progress.png') });

    await dialog.getByRole('button', { name: 'Cancel upload' }).click();
    await toast(page, 'Upload cancelled. Your project was not sent.').waitFor();
    await dialog.getByRole('button', { name: 'Submit Project' }).waitFor();
    expect(await dialog.getByTestId('upload-progress').count()).toBe(0);
    if (sql) {
      await page.waitForTimeout(500);
      const rows = await sql`select id from project_submissions where email = ${email}`;
      expect(rows).toHaveLength(0);
      // Cancel terminates the resumable uploads (decision 030): none is left unsubmitted.
      const left = await sql`select id from project_uploads where submission_id is null`;
      expect(left).toHaveLength(0);
    }
    await page.context().close();
  });
});

/** The ERC-20 balance of `owner`, read straight from the chain. */
async function tokenBalance(rpcUrl: string, token: string, owner: string): Promise<bigint> {
  const data = `0x70a08231${owner.slice(2).toLowerCase().padStart(64, '0')}`;
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_call',
      params: [{ to: token, data }, 'latest'],
    }),
  });
  const { result } = (await res.json()) as { result: string };
  return BigInt(result);
}
