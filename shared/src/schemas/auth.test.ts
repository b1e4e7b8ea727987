import { describe, expect, it } from 'vitest';
import { authMessages } from '../messages/auth.ts';
import { loginSchema, registerFormSchema, registerSchema } from './auth.ts';

const m = authMessages;
const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '',
  password: 'Secret123',
};

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('login schema', () => {
  it('reports one message per field, the first that applies', () => {
    const r = loginSchema.safeParse({ email: '', password: '' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['email', m.emailRequired],
      ['password', m.passwordRequired],
    ]);
  });

  it('trims and lower-cases the e-mail', () => {
    expect(loginSchema.parse({ email: ' A@B.CO ', password: 'secret' }).email).toBe('a@b.co');
  });
});

describe('register schema', () => {
  it('strips a role from the body', () => {
    const parsed = registerSchema.parse({ ...valid, role: 'admin' });
    expect(parsed).not.toHaveProperty('role');
  });

  it.each([
    ['+15551234567', '+15551234567'],
    ['15551234567', '15551234567'],
    ['', null],
    [undefined, undefined],
  ])('phone %j becomes %j', (phone, expected) => {
    expect(registerSchema.parse({ ...valid, phone }).phone).toBe(expected);
  });
});

describe('register form schema (browser only)', () => {
  const form = { ...valid, confirmPassword: 'Secret123', agreeToTerms: true };

  it('accepts a complete form', () => {
    expect(registerFormSchema.safeParse(form).success).toBe(true);
  });

  it.each([
    [{ confirmPassword: '' }, m.confirmPasswordRequired],
    [{ confirmPassword: 'Secret124' }, m.passwordsDoNotMatch],
    [{ agreeToTerms: false }, m.termsRequired],
  ])('%j: %s', (overrides, message) => {
    expect(firstMessage(registerFormSchema.safeParse({ ...form, ...overrides }))).toBe(message);
  });
});
