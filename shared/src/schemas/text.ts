import { z } from 'zod';
import { inputMessages as m } from '../messages/input.ts';

/**
 * The one rule for text a person or a client sends (issue 16, decision 023): every text field of
 * every schema is built here, so that nothing PostgreSQL cannot hold (NUL) or people cannot read
 * (control characters, broken UTF-16, direction overrides in a name) is stored, searched or sent
 * on by mail. Text is normalised to NFC, so "é" typed two ways is one string for search and
 * uniqueness.
 *
 * - `single`: names, subjects, addresses, search words. No C0 control at all (line breaks and
 *   tabs included), no DEL, no C1, no unpaired surrogate, no bidi override or isolate.
 * - `multi`: messages, descriptions, notes, pasted lists. CRLF and CR become LF first (browsers
 *   send form line breaks as CRLF); then LF and tab are kept, the rest refused as above except
 *   the bidi controls, which right-to-left prose may use.
 * - `secret`: passwords. Only NUL and unpaired surrogates (which UTF-8 turns into U+FFFD, so two
 *   passwords would hash alike); no NFC, so a hash made before this rule still matches.
 */
export type TextKind = 'single' | 'multi' | 'secret';

function isBidiControl(code: number): boolean {
  return (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
}

/**
 * What the rule refuses in `text`: `line` (a line break or tab in a one-line field),
 * `character` (any other refused character), or undefined when the text is fine. A plain loop:
 * the same answer in every browser and cheap on a megabyte.
 */
export function textProblem(text: string, kind: TextKind): 'line' | 'character' | undefined {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return 'character';
    }
    if (code >= 0xdc00 && code <= 0xdfff) return 'character';
    if (code === 0) return 'character';
    if (kind === 'secret') continue;
    if (code === 0x0a || code === 0x09 || code === 0x0d) {
      if (kind === 'single') return 'line';
      // A lone CR is turned into LF before the check; one left here is a check without it.
      continue;
    }
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return 'character';
    if (kind === 'single' && isBidiControl(code)) return 'character';
  }
  return undefined;
}

/** Adds the rule's checks (abort: no later check of the field runs) and NFC to a string schema. */
function applyRule<T extends z.ZodString | z.ZodStringFormat>(
  schema: T,
  field: string,
  kind: TextKind,
): T {
  let ruled = schema;
  if (kind === 'multi') ruled = ruled.overwrite((v) => v.replace(/\r\n?/g, '\n')) as T;
  if (kind === 'single') {
    ruled = ruled.refine((v) => textProblem(v, kind) !== 'line', {
      error: m.lineBreak(field),
      abort: true,
    }) as T;
  }
  ruled = ruled.refine((v) => textProblem(v, kind) === undefined, {
    error: m.forbiddenCharacter(field),
    abort: true,
  }) as T;
  return kind === 'secret' ? ruled : (ruled.normalize('NFC') as T);
}

/** `z.string(params)` with the one-line rule; `field` names the field in the message. */
export function singleLine(field: string, params?: { error?: string }): z.ZodString {
  return applyRule(z.string(params), field, 'single');
}

/** `z.string(params)` with the multi-line rule (LF line breaks, tabs kept). */
export function multiLine(field: string, params?: { error?: string }): z.ZodString {
  return applyRule(z.string(params), field, 'multi');
}

/** `z.string(params)` for a password: NUL and unpaired surrogates refused, nothing changed. */
export function secretText(field: string, params?: { error?: string }): z.ZodString {
  return applyRule(z.string(params), field, 'secret');
}

/**
 * The one-line rule on a string format whose own check runs first (`z.url()`): a URL parser
 * accepts a NUL in a path and zod keeps the string as sent.
 */
export function ruledFormat<T extends z.ZodStringFormat>(schema: T, field: string): T {
  return applyRule(schema, field, 'single');
}

/**
 * A partial update's body (PUT with any of the fields): one naming nothing to change is
 * refused with a clear message instead of reaching the database as an empty SET.
 */
export function nonEmptyUpdate<T extends z.ZodObject>(schema: T) {
  return schema.refine((v) => Object.values(v).some((x) => x !== undefined), {
    error: m.nothingToUpdate,
  });
}

/**
 * The safety net under the schemas: the path (`items.0.name`; `(key)` for an object key, `''` for
 * the whole value) of the first string anywhere in `value` holding what PostgreSQL cannot take, NUL or an unpaired
 * surrogate, whatever the schema typed it as (`z.unknown()`, jsonb). Iterative, so a body nested
 * 10,000 levels deep cannot overflow the stack.
 */
export function findUnstorableText(value: unknown): string | undefined {
  const stack: [unknown, string][] = [[value, '']];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const [current, path] = stack.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (textProblem(current, 'secret')) return path;
      continue;
    }
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    if (Array.isArray(current)) {
      current.forEach((item, i) => {
        stack.push([item, path ? `${path}.${i}` : String(i)]);
      });
      continue;
    }
    if (current instanceof Date || ArrayBuffer.isView(current)) continue;
    for (const [key, item] of Object.entries(current)) {
      if (textProblem(key, 'secret')) return path ? `${path}.(key)` : '(key)';
      stack.push([item, path ? `${path}.${key}` : key]);
    }
  }
  return undefined;
}
