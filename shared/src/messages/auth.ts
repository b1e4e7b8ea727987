/**
 * Texts of sign-up, sign-in, sessions and the account's security (spec sections 5 and 8).
 * `authSpec` holds the spec's exact words; everything else in `authMessages` is ours.
 */

/** Spec: exact text (sections 4, 5 and 8), byte for byte. Never reword these. */
export const authSpec = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 6 characters',
  passwordComplexity:
    'Password must contain at least one uppercase letter, one lowercase letter, and one number',
  firstNameRequired: 'First name is required',
  firstNameMin: 'First name must be at least 2 characters',
  phoneInvalid: 'Invalid phone number',
  confirmPasswordRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  sessionExpired: 'Session expired',
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  profileUpdateFailed: 'Profile update failed',
  /** With `adminSuffix` after it for an admin. */
  welcomeBack: 'Welcome back',
  adminSuffix: ', Admin',
  registrationSuccessful: 'Registration successful',
  loggedOut: 'Logged out successfully',
} as const;

export const authMessages = {
  ...authSpec,
  // The spec says "same for last name" without writing the words out.
  lastNameRequired: 'Last name is required',
  lastNameMin: 'Last name must be at least 2 characters',
  // The spec requires the checkbox but gives no text.
  termsRequired: 'You must agree to the Terms of Service and Privacy Policy',
  // One message for a wrong e-mail or a wrong password, so neither is revealed.
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  notSignedIn: 'Please sign in to continue',
  forbidden: 'You do not have permission to do that',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  /** The alert over the sign-in and sign-up forms when the call failed. */
  signInFailedTitle: 'Could not sign in',
  registerFailedTitle: 'Could not register',
  /** The profile form's success (spec 8 names only the failure). */
  profileUpdated: 'Profile updated',
  // Account security: the spec has no password change or sign-out-everywhere.
  currentPasswordRequired: 'Current password is required',
  currentPasswordIncorrect: 'Current password is incorrect',
  samePassword: 'Choose a new password that differs from the current one',
  passwordChanged: 'Password changed',
  passwordChangeFailed: 'Password change failed',
  signedOutEverywhere: 'Signed out of all devices',
  /** The toast when signing out everywhere failed without a reason from the server. */
  signOutEverywhereFailed: 'Could not sign out of all devices',
  /** The call's own fallback (no answer, or one without a message). */
  signOutEverywhereTryAgain: 'Could not sign out of all devices. Please try again.',
} as const;
