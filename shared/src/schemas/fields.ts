import { limits } from '../limits.ts';
import { authMessages } from '../messages/auth.ts';
import { secretText, singleLine } from './text.ts';

const m = authMessages;

/** Trimmed, lower-cased e-mail with the spec's two messages. */
export const emailField = singleLine('Email', { error: m.emailRequired })
  .trim()
  .min(1, { error: m.emailRequired, abort: true })
  .regex(limits.emailPattern, { error: m.emailInvalid })
  .max(254, { error: m.emailInvalid })
  .transform((v) => v.toLowerCase());

/** Login only checks presence and length; register adds the complexity rule. */
export const passwordField = secretText('Password', { error: m.passwordRequired })
  .min(1, { error: m.passwordRequired, abort: true })
  .min(limits.passwordMin, { error: m.passwordMin, abort: true })
  // argon2 hashes anything, but a megabyte "password" is a denial-of-service vector.
  .max(256, { error: 'Password must be at most 256 characters' });

export const newPasswordField = passwordField.regex(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/, {
  error: m.passwordComplexity,
});

function nameField(required: string, min: string) {
  return singleLine(required.replace(' is required', ''), { error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .min(limits.nameMin, { error: min })
    .max(100, { error: `${required.replace(' is required', '')} must be at most 100 characters` });
}

export const firstNameField = nameField(m.firstNameRequired, m.firstNameMin);
export const lastNameField = nameField(m.lastNameRequired, m.lastNameMin);

/** Optional phone; an empty string means "no phone". */
export const phoneField = singleLine('Phone', { error: m.phoneInvalid })
  .trim()
  .refine((v) => v === '' || limits.phonePattern.test(v), { error: m.phoneInvalid })
  .transform((v) => (v === '' ? null : v))
  .nullish();
