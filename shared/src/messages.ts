/**
 * Every user-facing message of the spec, verbatim (spec sections 5 and 8).
 * The API and the site both read from here so the same mistake gets the same words.
 */
export const messages = {
  auth: {
    emailRequired: 'Email is required',
    emailInvalid: 'Invalid email address',
    passwordRequired: 'Password is required',
    passwordMin: 'Password must be at least 6 characters',
    passwordComplexity:
      'Password must contain at least one uppercase letter, one lowercase letter, and one number',
    firstNameRequired: 'First name is required',
    firstNameMin: 'First name must be at least 2 characters',
    lastNameRequired: 'Last name is required',
    lastNameMin: 'Last name must be at least 2 characters',
    phoneInvalid: 'Invalid phone number',
    confirmPasswordRequired: 'Please confirm your password',
    passwordsDoNotMatch: 'Passwords do not match',
    // The spec requires the checkbox but gives no text; ours.
    termsRequired: 'You must agree to the Terms of Service and Privacy Policy',
    // One message for a wrong e-mail or a wrong password, so neither is revealed.
    invalidCredentials: 'Invalid email or password',
    emailTaken: 'An account with this email already exists',
    sessionExpired: 'Session expired',
    loginFailed: 'Login failed',
    registrationFailed: 'Registration failed',
    profileUpdateFailed: 'Profile update failed',
    welcomeBack: 'Welcome back',
    registrationSuccessful: 'Registration successful',
    loggedOut: 'Logged out successfully',
    notSignedIn: 'Please sign in to continue',
    forbidden: 'You do not have permission to do that',
    tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  },
  http: {
    malformedJson: 'The request body is not valid JSON',
    unsupportedMediaType: 'Send the request body as application/json',
    payloadTooLarge: 'The request body is too large',
    notFound: 'Not found',
    internal: 'Something went wrong on our side. Please try again.',
    validation: 'Some fields are not valid',
    unavailable: 'The service is temporarily unavailable',
  },
} as const;
