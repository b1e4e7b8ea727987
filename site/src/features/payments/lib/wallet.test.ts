import { describe, expect, it } from 'vitest';
import { walletErrorMessage } from './wallet-errors';
import { formatBalance, shortAddress } from './wallet-format';

describe('shortAddress', () => {
  it('keeps the first 6 and last 4 characters', () => {
    expect(shortAddress('0x1234567890abcdef1234567890abcdef12345678')).toBe('0x1234...5678');
    expect(shortAddress('1DrDyTr9RpRsQnDnXo2YRiPzPW4ooHX5LLoqXrqfMrpQH')).toBe('1DrDyT...rpQH');
  });
});

describe('formatBalance', () => {
  it('shows USDT with 2 decimals, rounded down', () => {
    expect(formatBalance(1_234_567_899n, 6, 2)).toBe('1,234.56');
    expect(formatBalance(0n, 6, 2)).toBe('0.00');
  });
  it('shows ALPH with 4 decimals from atto', () => {
    expect(formatBalance(12_345_678_900_000_000_000n, 18, 4)).toBe('12.3456');
  });
});

describe('walletErrorMessage', () => {
  it('names a rejected request, from the wallet or from ethers', () => {
    expect(walletErrorMessage({ code: 4001, message: 'User rejected the request.' })).toBe(
      'You rejected the request in your wallet.',
    );
    expect(walletErrorMessage({ code: 'ACTION_REJECTED' })).toBe(
      'You rejected the request in your wallet.',
    );
  });
  it('names an unsupported method', () => {
    expect(walletErrorMessage({ code: 4200 })).toBe('Your wallet does not support this request.');
  });
  it('names insufficient funds, a low nonce and an underpriced replacement', () => {
    expect(walletErrorMessage({ code: 'INSUFFICIENT_FUNDS' })).toMatch(/^Insufficient funds/);
    expect(
      walletErrorMessage({ message: 'err: insufficient funds for gas * price + value' }),
    ).toMatch(/^Insufficient funds/);
    expect(walletErrorMessage({ info: { error: { message: 'nonce too low' } } })).toMatch(
      /^Nonce too low/,
    );
    expect(walletErrorMessage({ code: 'REPLACEMENT_UNDERPRICED' })).toMatch(
      /^Replacement transaction underpriced/,
    );
  });
  it('falls back to the reason, then to Payment failed', () => {
    expect(walletErrorMessage({ reason: 'execution reverted' })).toBe('execution reverted');
    expect(walletErrorMessage(undefined)).toBe('Payment failed');
  });
});
