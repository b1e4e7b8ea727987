import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it.each(['/', '/orders', '/orders/42?tab=items#top'])('keeps the site path %s', (path) => {
    expect(safeRedirect(path)).toBe(path);
  });

  it.each([
    '//evil.example.com',
    '/\\evil.example.com',
    'https://evil.example.com/orders',
    'javascript:alert(1)',
    'orders',
    '',
    42,
    undefined,
  ])('drops %j', (value) => {
    expect(safeRedirect(value)).toBeUndefined();
  });
});
