import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inputMessages as m } from '../messages/input.ts';
import { productUpdateSchema, serviceUpdateSchema } from './admin.ts';
import { registerSchema } from './auth.ts';
import { emailBlastSchema } from './blasts.ts';
import { contactSchema, newsletterSchema } from './contact.ts';
import { shippingAddressSchema } from './orders.ts';
import {
  findUnstorableText,
  multiLine,
  nonEmptyUpdate,
  secretText,
  singleLine,
  textProblem,
} from './text.ts';

const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? undefined : r.error?.issues[0]?.message;

const one = singleLine('Name');
const many = multiLine('Message');

/** Each refused character, by what it is. */
const refusedEverywhere = [
  ['NUL', 'a\u0000b'],
  ['a C0 control (BEL)', 'a\u0007b'],
  ['vertical tab', 'a\u000bb'],
  ['form feed', 'a\u000cb'],
  ['escape', 'a\u001bb'],
  ['DEL', 'a\u007fb'],
  ['a C1 control (U+0085)', 'a\u0085b'],
  ['U+009F', 'a\u009fb'],
  ['a lone high surrogate', 'a\ud800x'],
  ['a lone high surrogate at the end', 'abc\udbff'],
  ['a lone low surrogate', '\udc00abc'],
  ['swapped surrogates', '\ude00\ud83d'],
] as const;

describe('the one-line rule', () => {
  it.each(refusedEverywhere)('refuses %s, naming the field', (_, text) => {
    expect(first(one.safeParse(text))).toBe(m.forbiddenCharacter('Name'));
  });

  it.each([
    ['LF', 'a\nb'],
    ['CR', 'a\rb'],
    ['CRLF', 'a\r\nb'],
    ['tab', 'a\tb'],
  ])('refuses a %s: one line only', (_, text) => {
    expect(first(one.safeParse(text))).toBe(m.lineBreak('Name'));
  });

  it.each([
    ['LRE', '\u202a'],
    ['RLO', '\u202e'],
    ['LRI', '\u2066'],
    ['PDI', '\u2069'],
  ])('refuses the bidi control %s (a name that reads backwards)', (_, bidi) => {
    expect(first(one.safeParse(`report${bidi}fdp.exe`))).toBe(m.forbiddenCharacter('Name'));
  });

  it.each([
    'Zoë Ångström',
    'שלום',
    'مرحبا',
    '王小明',
    'Emoji 🎧 and a flag 🇯🇵',
    'a\u200eb (LRM is kept)',
    'zero\u200bwidth',
  ])('keeps %s', (text) => {
    expect(one.parse(text)).toBe(text.normalize('NFC'));
  });

  it('normalises to NFC: "é" typed as e + combining acute is one character', () => {
    const decomposed = 'Rene\u0301e';
    expect(decomposed).toHaveLength(6);
    const parsed = one.parse(decomposed);
    expect(parsed).toBe('Ren\u00e9e');
    expect(parsed).toHaveLength(5);
  });

  it('checks before the field’s own rules: the first message is the character’s', () => {
    const email = registerSchema.shape.email;
    expect(first(email.safeParse('a\u0000@example.com'))).toBe(m.forbiddenCharacter('Email'));
    // The spec's messages stay as they were.
    expect(first(email.safeParse(''))).toBe('Email is required');
    expect(first(email.safeParse('nope'))).toBe('Invalid email address');
    expect(first(email.safeParse(42))).toBe('Email is required');
  });
});

describe('the multi-line rule', () => {
  it('keeps LF and tab', () => {
    expect(many.parse('Line one\n\tindented\nLine three')).toBe('Line one\n\tindented\nLine three');
  });

  it('turns CRLF and CR into LF', () => {
    expect(many.parse('a\r\nb\rc')).toBe('a\nb\nc');
  });

  it.each(refusedEverywhere)('refuses %s', (_, text) => {
    expect(first(many.safeParse(`line\n${text}`))).toBe(m.forbiddenCharacter('Message'));
  });

  it('keeps bidi controls, which right-to-left prose may use', () => {
    expect(many.parse('\u202bمرحبا\u202c')).toBe('\u202bمرحبا\u202c');
  });

  it('normalises to NFC', () => {
    expect(many.parse('cafe\u0301\ncafe\u0301')).toBe('caf\u00e9\ncaf\u00e9');
  });
});

describe('secret text (passwords)', () => {
  const secret = secretText('Password');

  it('refuses NUL and unpaired surrogates', () => {
    expect(first(secret.safeParse('Secret1\u0000'))).toBe(m.forbiddenCharacter('Password'));
    expect(first(secret.safeParse('Secret1\ud800'))).toBe(m.forbiddenCharacter('Password'));
  });

  it('changes nothing else: no NFC, tabs kept, so an old hash still matches', () => {
    expect(secret.parse('Se\u0301cret\t1')).toBe('Se\u0301cret\t1');
  });
});

describe('textProblem', () => {
  it('answers line, character or nothing by kind', () => {
    expect(textProblem('a\nb', 'single')).toBe('line');
    expect(textProblem('a\nb', 'multi')).toBeUndefined();
    expect(textProblem('a\u0000b', 'multi')).toBe('character');
    expect(textProblem('a\u0007b', 'secret')).toBeUndefined();
    expect(textProblem('😀', 'single')).toBeUndefined();
  });
});

describe('the schemas use the rule', () => {
  it.each([
    [
      'register',
      () =>
        registerSchema.safeParse({
          firstName: 'A\u0000da',
          lastName: 'Lovelace',
          email: 'ada@example.com',
          password: 'Secret123',
        }),
      m.forbiddenCharacter('First name'),
    ],
    [
      'contact',
      () =>
        contactSchema.safeParse({
          name: 'Ray',
          email: 'ray@example.com',
          subject: 'Hi',
          message: 'Hello\u0000',
        }),
      m.forbiddenCharacter('Message'),
    ],
    [
      'newsletter (the e-mail pattern let NUL through)',
      () => newsletterSchema.safeParse({ email: 'fan\u0000@example.com' }),
      m.forbiddenCharacter('Email'),
    ],
    [
      'shipping address',
      () =>
        shippingAddressSchema.safeParse({
          firstName: 'A',
          lastName: 'B',
          street: 'Main St \ud800x',
          city: 'C',
          state: 'D',
          zipCode: '12345',
          phone: '+15551234567',
        }),
      m.forbiddenCharacter('Street'),
    ],
  ])('%s', (_, parse, message) => {
    expect(first(parse())).toBe(message);
  });

  it('a blast subject pasted over two lines becomes one line', () => {
    const parsed = emailBlastSchema.parse({
      subject: 'Big\r\nnews',
      emails: 'a@example.com',
    });
    expect(parsed.subject).toBe('Big news');
  });
});

describe('empty partial updates', () => {
  it.each([
    ['a service', serviceUpdateSchema],
    ['a product', productUpdateSchema],
  ])('%s: {} is refused', (_, schema) => {
    expect(first(schema.safeParse({}))).toBe(m.nothingToUpdate);
    // Unknown keys are stripped, so they name nothing either.
    expect(first(schema.safeParse({ role: 'admin' }))).toBe(m.nothingToUpdate);
  });

  it('a product update writes only what it names, never a default', () => {
    expect(productUpdateSchema.parse({ stock: 9 })).toEqual({ stock: 9 });
  });

  it('an update naming one field passes, even one setting it to null', () => {
    expect(serviceUpdateSchema.parse({ popular: true })).toEqual({ popular: true });
    expect(serviceUpdateSchema.parse({ checkoutPriceCents: null })).toEqual({
      checkoutPriceCents: null,
    });
    const schema = nonEmptyUpdate(z.object({ a: z.string().optional() }));
    expect(first(schema.safeParse({ a: undefined }))).toBe(m.nothingToUpdate);
  });
});

describe('findUnstorableText', () => {
  it.each([
    [{ a: 'fine', b: { c: ['ok', 'x\u0000'] } }, 'b.c.1'],
    [{ note: '\ud800x' }, 'note'],
    [{ deep: { 'bad\u0000key': 1 } }, 'deep.(key)'],
    ['\u0000', ''],
    [{ fine: 'a\u0007\n\t', n: 1, d: new Date(0), nil: null }, undefined],
  ])('%j: %j', (value, path) => {
    expect(findUnstorableText(value)).toBe(path);
  });

  it('walks 10,000 levels without overflowing the stack', () => {
    let value: unknown = 'bottom\u0000';
    for (let i = 0; i < 10_000; i++) value = [value];
    expect(findUnstorableText(value)).toBe(Array(10_000).fill('0').join('.'));
  });
});
