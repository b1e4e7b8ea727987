import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildCsp, buildMetaCsp } from './csp.ts';

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split('; ').map((d) => {
      const [name = '', ...values] = d.split(' ');
      return [name, values];
    }),
  );
}

describe('buildCsp', () => {
  it('allows only the app itself, with inline styles for Mantine', () => {
    const csp = directives(buildCsp());

    expect(Object.fromEntries(csp)).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'form-action': ["'none'"],
      'frame-ancestors': ["'none'"],
    });
  });

  it('never allows eval, inline scripts or remote code in a build', () => {
    const csp = buildCsp();
    expect(csp).not.toContain('unsafe-eval');
    expect(directives(csp).get('script-src')).toEqual(["'self'"]);
    expect(csp).not.toMatch(/https?:|\*/);
  });

  it('opens the dev server HMR socket and the refresh preamble under electron-vite dev', () => {
    const csp = directives(buildCsp({ devServer: 'http://localhost:5174/' }));

    expect(csp.get('connect-src')).toEqual(["'self'", 'ws://localhost:5174']);
    expect(csp.get('script-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('is the policy of index.html meta tag too (less frame-ancestors, which a meta cannot set)', () => {
    const html = readFileSync(new URL('../renderer/index.html', import.meta.url), 'utf8');
    const meta = html.match(/http-equiv="Content-Security-Policy"\s+content="([^"]+)"/)?.[1];

    expect(meta).toBe(buildMetaCsp());
    expect(buildMetaCsp()).not.toContain('frame-ancestors');
  });
});
