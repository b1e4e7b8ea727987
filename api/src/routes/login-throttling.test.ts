import { authMessages } from '@studio/shared/messages/auth';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpCustomer } from '../test/accounts.ts';
import { type Answer, createTestApp, read, type TestApp } from '../test/harness.ts';

/**
 * Decision 024: sign-in is throttled by device cookie, by address and account, and per account
 * for unknown devices, so no stranger can keep an owner out of a device that signed in before.
 */
let t: TestApp;
/** Growing delays off (free failures far above the caps), to measure the caps alone. */
let caps: TestApp;

beforeAll(async () => {
  // The default LOGIN_* limits: 5 per device, 5 per address and account, 10 per account and
  // hour from unknown devices, a wait after 3 failures of 1 s that doubles.
  t = await createTestApp({ TRUST_PROXY: 'true' });
  caps = await createTestApp({ TRUST_PROXY: 'true', LOGIN_FREE_FAILURES: '1000' });
});

const PASSWORD = 'Secret123';
const WRONG = 'Wrong12345';

interface From {
  ip: string;
  cookie?: string;
  headers?: Record<string, string>;
}

function login(app: TestApp, email: string, password: string, from: From): Promise<Answer> {
  const headers: Record<string, string> = { 'X-Forwarded-For': from.ip, ...from.headers };
  if (from.cookie) headers.Cookie = from.cookie;
  return read(app.client.api.auth.login.$post({ json: { email, password } }, { headers }));
}

/** The `Cookie` header a browser would send back for the answer's device cookie. */
function deviceCookie(res: Answer): string {
  const value = /(?:^|,\s*)studio_device=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (!value) throw new Error(`no device cookie in ${res.headers.get('set-cookie')}`);
  return `studio_device=${value}`;
}

/** An account and the device cookie of a browser it signed in on. */
async function ownerWithDevice(app: TestApp, ip = '10.9.0.1') {
  const account = await signUpCustomer(app);
  const res = await login(app, account.user.email, PASSWORD, { ip });
  expect(res.status).toBe(200);
  return { email: account.user.email, id: account.user.id, cookie: deviceCookie(res) };
}

function expectHeld(res: Answer) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ message: authMessages.tooManyAttempts, code: 'RATE_LIMITED' });
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
}

function statusCounts(answers: Answer[]) {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
}

describe('the device cookie', () => {
  it('is set on a successful sign-in: signed, bound to the user, HttpOnly, Lax, a year, on /api/auth', async () => {
    const account = await signUpCustomer(t);
    const res = await login(t, account.user.email, PASSWORD, { ip: '10.8.0.1' });
    expect(res.status).toBe(200);
    const header = res.headers.get('set-cookie') ?? '';
    expect(header).toMatch(
      new RegExp(`^studio_device=${account.user.id}\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}; `),
    );
    expect(header).toContain('Max-Age=31536000');
    expect(header).toContain('Path=/api/auth');
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    // Plain HTTP: a Secure cookie would never come back.
    expect(header).not.toContain('Secure');

    const wrong = await login(t, account.user.email, WRONG, { ip: '10.8.0.1' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it('is Secure when the request came over TLS (X-Forwarded-Proto behind TRUST_PROXY)', async () => {
    const account = await signUpCustomer(t);
    const res = await login(t, account.user.email, PASSWORD, {
      ip: '10.8.0.2',
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/; Secure(;|$)/);
  });
});

describe('a stranger cannot lock the owner out', () => {
  it('after 50 wrong passwords from 10 other addresses, the owner signs in at once from a known device', async () => {
    const owner = await ownerWithDevice(t);
    const stranger: Answer[] = [];
    for (let i = 0; i < 50; i++) {
      stranger.push(await login(t, owner.email, `${WRONG}${i}`, { ip: `10.1.0.${i % 10}` }));
    }
    const counts = statusCounts(stranger);
    // Only 401 (a guess checked) or 429 (held before the password is checked).
    expect(Object.keys(counts).sort()).toEqual(['401', '429']);
    // 3 free failures, then 1 s between guesses: in these few seconds at least 3 and never
    // more than the hourly cap of 10 were checked; the other 40+ were refused unchecked.
    expect(counts[401]).toBeGreaterThanOrEqual(3);
    expect(counts[401]).toBeLessThanOrEqual(10);
    for (const res of stranger.filter((r) => r.status === 429)) expectHeld(res);

    // An unknown device is held even with the right password (OWASP: untrusted clients are
    // locked out together while the account is under attack)...
    expectHeld(await login(t, owner.email, PASSWORD, { ip: '10.9.0.2' }));

    // ...but the owner's device gets in at once, from home or from an attacker's address.
    const home = await login(t, owner.email, PASSWORD, { ip: '10.9.0.1', cookie: owner.cookie });
    expect(home.status).toBe(200);
    expect(home.body.user.id).toBe(owner.id);
    const shared = await login(t, owner.email, PASSWORD, { ip: '10.1.0.3', cookie: owner.cookie });
    expect(shared.status).toBe(200);
    // Each sign-in renews the device cookie (a new nonce), which is trusted in turn.
    const renewed = deviceCookie(home);
    expect(renewed).not.toBe(owner.cookie);
    const again = await login(t, owner.email, PASSWORD, { ip: '10.9.0.1', cookie: renewed });
    expect(again.status).toBe(200);
  });

  it('holds a spray from many addresses to 10 guesses an hour per account, even in parallel', async () => {
    const owner = await ownerWithDevice(caps);
    const spray = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        login(caps, owner.email, `${WRONG}${i}`, { ip: `10.2.${i % 10}.1` }),
      ),
    );
    expect(statusCounts(spray)).toEqual({ 401: 10, 429: 40 });
    for (const res of spray.filter((r) => r.status === 429)) {
      expectHeld(res);
      // Held until the hour ends.
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(3500);
    }
    // New addresses are held too.
    expectHeld(await login(caps, owner.email, WRONG, { ip: '10.2.99.1' }));
    expectHeld(await login(caps, owner.email, PASSWORD, { ip: '10.2.99.2' }));
    // The owner's device is not.
    const home = await login(caps, owner.email, PASSWORD, { ip: '10.9.0.1', cookie: owner.cookie });
    expect(home.status).toBe(200);
  });

  it('does not trust a forged, altered or other user’s device cookie', async () => {
    const owner = await ownerWithDevice(caps);
    const other = await ownerWithDevice(caps);
    for (let i = 0; i < 10; i++) {
      const res = await login(caps, owner.email, WRONG, { ip: `10.3.0.${i}` });
      expect(res.status).toBe(401);
    }
    const [, value] = owner.cookie.split('=') as [string, string];
    const [userId, nonce, signature] = value.split('.') as [string, string, string];
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    const cookies = {
      // The owner's id with a signature that is not ours.
      forged: `studio_device=${userId}.${nonce}.${flip(signature)}`,
      // A real cookie whose nonce was changed (to dodge its own device's lock).
      'altered nonce': `studio_device=${userId}.${flip(nonce)}.${signature}`,
      // Signed by us, but for another account.
      'other user': other.cookie,
      // The other user's valid signature pasted onto the owner's id.
      spliced: `studio_device=${userId}.${other.cookie.split('.').slice(1).join('.')}`,
      garbage: 'studio_device=%00%ff..',
    };
    for (const [name, cookie] of Object.entries(cookies)) {
      const res = await login(caps, owner.email, PASSWORD, { ip: '10.9.0.1', cookie });
      expect({ name, status: res.status }).toEqual({ name, status: 429 });
    }
    const real = await login(caps, owner.email, PASSWORD, { ip: '10.9.0.1', cookie: owner.cookie });
    expect(real.status).toBe(200);
    // The other user's cookie still works for the other user.
    const mine = await login(caps, other.email, PASSWORD, { ip: '10.9.0.1', cookie: other.cookie });
    expect(mine.status).toBe(200);
  });
});

describe('a known device', () => {
  it('is locked alone after 5 wrong passwords: other devices and unknown ones still get in', async () => {
    const owner = await ownerWithDevice(t);
    const laptop = owner.cookie;
    const phone = deviceCookie(await login(t, owner.email, PASSWORD, { ip: '10.4.0.2' }));
    for (let i = 0; i < 5; i++) {
      const res = await login(t, owner.email, `${WRONG}${i}`, { ip: '10.4.0.1', cookie: laptop });
      expect(res.status).toBe(401);
    }
    const locked = await login(t, owner.email, PASSWORD, { ip: '10.4.0.1', cookie: laptop });
    expectHeld(locked);
    // Held for the rest of the 15-minute window.
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
    // Its failures were its own: the phone, and a device never seen, from the same address.
    expect((await login(t, owner.email, PASSWORD, { ip: '10.4.0.1', cookie: phone })).status).toBe(
      200,
    );
    expect((await login(t, owner.email, PASSWORD, { ip: '10.4.0.1' })).status).toBe(200);
  });

  it('is held by nothing else: 16 right and 4 wrong passwords in a row all answer', async () => {
    const owner = await ownerWithDevice(t);
    for (let i = 0; i < 20; i++) {
      const wrong = i % 5 === 0;
      const res = await login(t, owner.email, wrong ? WRONG : PASSWORD, {
        ip: '10.5.0.1',
        cookie: owner.cookie,
      });
      expect(res.status).toBe(wrong ? 401 : 200);
    }
  });
});

describe('unknown devices', () => {
  it('from one address are slowed: after 3 failures it waits 1 s, then 2 s, then the window', async () => {
    const owner = await ownerWithDevice(t);
    const guess = () => login(t, owner.email, WRONG, { ip: '10.6.0.1' });
    for (let i = 0; i < 3; i++) expect((await guess()).status).toBe(401);
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      const held = await guess();
      expectHeld(held);
      const wait = Number(held.headers.get('retry-after'));
      waits.push(wait);
      if (round === 2) break;
      await new Promise((r) => setTimeout(r, wait * 1000 + 50));
      expect((await guess()).status).toBe(401);
    }
    // The account's wait doubles (1 s, 2 s); after 5 failures this address is held for the
    // 15-minute window.
    expect(waits.slice(0, 2)).toEqual([1, 2]);
    expect(waits[2]).toBeGreaterThan(800);
    // The owner's device is never slowed.
    const home = await login(t, owner.email, PASSWORD, { ip: '10.9.0.1', cookie: owner.cookie });
    expect(home.status).toBe(200);
  });

  it('from many addresses wait 1, 2, 4 s between guesses: the account’s delay doubles', async () => {
    const owner = await ownerWithDevice(t);
    let n = 0;
    const guess = () => login(t, owner.email, WRONG, { ip: `10.6.1.${n++}` });
    for (let i = 0; i < 3; i++) expect((await guess()).status).toBe(401);
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      const held = await guess();
      expectHeld(held);
      const wait = Number(held.headers.get('retry-after'));
      waits.push(wait);
      await new Promise((r) => setTimeout(r, wait * 1000 + 50));
      expect((await guess()).status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4]);
  });

  it('are held per address and account after 5 failures; other addresses may still try', async () => {
    const account = await signUpCustomer(caps);
    const email = account.user.email;
    for (let i = 0; i < 5; i++) {
      expect((await login(caps, email, WRONG, { ip: '10.7.0.1' })).status).toBe(401);
    }
    const held = await login(caps, email, PASSWORD, { ip: '10.7.0.1' });
    expectHeld(held);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(800);
    // The address may still sign in to other accounts, and others to this one.
    const other = await signUpCustomer(caps);
    expect((await login(caps, other.user.email, PASSWORD, { ip: '10.7.0.1' })).status).toBe(200);
    expect((await login(caps, email, PASSWORD, { ip: '10.7.0.2' })).status).toBe(200);
  });

  it('count failures only: 12 right passwords in a row from one address all get in', async () => {
    const account = await signUpCustomer(caps);
    for (let i = 0; i < 12; i++) {
      const res = await login(caps, account.user.email, PASSWORD, { ip: '10.7.1.1' });
      expect(res.status).toBe(200);
    }
  });

  it('hold an unknown e-mail the same way, so a 429 tells nothing about who has an account', async () => {
    const email = `nobody.${Date.now()}@example.com`;
    const answers: Answer[] = [];
    for (let i = 0; i < 12; i++) {
      answers.push(await login(caps, email, WRONG, { ip: `10.7.2.${i}` }));
    }
    expect(answers.map((a) => a.status)).toEqual([...Array(10).fill(401), 429, 429]);
  });
});
