import { z } from 'zod';
import { authMessages } from '../messages/auth.ts';
import { isoDateTime } from './answers.ts';
import {
  emailField,
  firstNameField,
  lastNameField,
  newPasswordField,
  passwordField,
  phoneField,
} from './fields.ts';
import { nonEmptyUpdate, secretText } from './text.ts';

const m = authMessages;

/** POST /api/auth/login. `rememberMe` only decides where the browser keeps the token. */
export const loginSchema = z.object({
  email: emailField,
  password: passwordField,
});
export type LoginInput = z.input<typeof loginSchema>;

/**
 * POST /api/auth/register. Unknown keys (such as `role`) are stripped: registration never
 * creates an admin. The confirm password is checked by the form only (spec 5).
 */
export const registerSchema = z.object({
  firstName: firstNameField,
  lastName: lastNameField,
  email: emailField,
  phone: phoneField,
  password: newPasswordField,
});
export type RegisterInput = z.input<typeof registerSchema>;

/** The register form: the API's fields plus the two the browser alone checks. */
export const registerFormSchema = registerSchema
  .extend({
    confirmPassword: secretText('Confirm password', { error: m.confirmPasswordRequired }).min(1, {
      error: m.confirmPasswordRequired,
    }),
    agreeToTerms: z.boolean().refine((v) => v, { error: m.termsRequired }),
  })
  .refine((v) => v.confirmPassword === '' || v.password === v.confirmPassword, {
    error: m.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type RegisterFormInput = z.input<typeof registerFormSchema>;

/** PUT /api/auth/profile: any of the editable fields; e-mail and role are not editable here. */
export const profileSchema = nonEmptyUpdate(
  z.object({
    firstName: firstNameField.optional(),
    lastName: lastNameField.optional(),
    phone: phoneField,
  }),
);
export type ProfileInput = z.input<typeof profileSchema>;

/**
 * PUT /api/auth/password. The new password follows the register rules; one equal to the
 * current is refused here, so the form and the API give the same message.
 */
export const changePasswordSchema = z
  .object({
    currentPassword: secretText('Current password', { error: m.currentPasswordRequired })
      .min(1, { error: m.currentPasswordRequired })
      .max(256, { error: m.currentPasswordIncorrect }),
    newPassword: newPasswordField,
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    error: m.samePassword,
    path: ['newPassword'],
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** The user as every auth call returns it: never the password hash. */
export const publicUserSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(['customer', 'admin']),
  createdAt: isoDateTime,
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** POST /api/auth/register (201) and /api/auth/login (200): the session's token and its user. */
export const authAnswerSchema = z.object({
  token: z.string(),
  user: publicUserSchema,
});
export type AuthResponse = z.infer<typeof authAnswerSchema>;

/** GET /api/auth/me and PUT /api/auth/profile. */
export const userAnswerSchema = z.object({ user: publicUserSchema });
export type UserAnswer = z.infer<typeof userAnswerSchema>;

/** POST /api/auth/logout. */
export const signedOutAnswerSchema = z.object({ success: z.literal(true) });
export type SignedOutAnswer = z.infer<typeof signedOutAnswerSchema>;

/** POST /api/auth/logout-all: how many sessions ended, this one among them. */
export const signedOutEverywhereAnswerSchema = z.object({
  success: z.literal(true),
  signedOut: z.number().int().min(0),
});
export type SignedOutEverywhereAnswer = z.infer<typeof signedOutEverywhereAnswerSchema>;
