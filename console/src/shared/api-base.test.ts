import { describe, expect, it } from 'vitest';
import { normalizeApiBase } from './api-base.ts';

describe('normalizeApiBase', () => {
  it.each([
    ['http://localhost:3000', 'http://localhost:3000'],
    ['http://localhost:3000/', 'http://localhost:3000'],
    ['  https://Studio.Example  ', 'https://studio.example'],
    ['studio.example', 'https://studio.example'],
    ['http://10.0.0.5:3000/api', 'http://10.0.0.5:3000'],
    ['https://studio.example/api/', 'https://studio.example'],
    ['https://studio.example:443', 'https://studio.example'],
  ])('reads %j as %j', (input, origin) => {
    expect(normalizeApiBase(input)).toBe(origin);
  });

  it.each([
    '',
    '   ',
    'ftp://studio.example',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'https://user:pw@studio.example',
    'https://studio.example/admin',
    'https://studio.example/?q=1',
    'https://studio.example/#x',
    'http://exa mple.com',
    'http://',
  ])('refuses %j', (input) => {
    expect(normalizeApiBase(input)).toBeNull();
  });
});
