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
  project: {
    nameRequired: 'Please enter your name',
    emailRequired: 'Please enter your email address',
    emailInvalid: 'Please enter a valid email address',
    serviceRequired: 'Please select a service',
    notesRequired: 'Please provide project details',
    notesTooShort: 'Please provide more details about your project (at least 10 characters)',
    tooManyFiles: 'Maximum 20 files allowed',
    /** 'Files must be under 400MB. N file(s) too large.' */
    filesTooLarge: (n: number) => `Files must be under 400MB. ${n} file(s) too large.`,
    /** Ours: the spec accepts audio, video and .zip but gives no text for a refused file. */
    fileTypeRefused: (name: string) =>
      `"${name}" is not an audio, video or .zip file. Only audio, video and .zip files are accepted.`,
    submitted:
      "Project submitted successfully! We'll review it and get back to you within 24 hours.",
    submitFailed: 'Failed to submit project',
    submitFailedToast: 'Failed to submit project. Please try again.',
    tooManySubmissions: 'Too many submissions from this address. Please try again later.',
    fieldsFirst: 'Send the form fields before the files',
  },
  contact: {
    /** Pitch and promo forms (spec 5). */
    fillAllFields: 'Please fill in all fields',
    // The landing form relies on the browser's required checks (spec 5); these are ours.
    nameRequired: 'Please enter your name',
    emailRequired: 'Please enter your email address',
    emailInvalid: 'Please enter a valid email address',
    subjectRequired: 'Please choose a project type',
    messageRequired: 'Please enter a message',
    sent: "Message sent successfully! We'll get back to you within 24 hours.",
    landingFailed:
      'Sorry, there was an error sending your message. Please try again or email us directly',
    pitchFailed: 'Failed to send message. Please try again.',
    tooMany: 'Too many messages from this address. Please try again later.',
  },
  newsletter: {
    emailRequired: 'Please enter your email address',
    emailInvalid: 'Please enter a valid email address',
    subscribed: 'Successfully subscribed!',
    failed: 'Failed to subscribe. Please try again.',
    unsubscribed: 'You have been unsubscribed.',
    badLink: 'This unsubscribe link is not valid.',
  },
  shop: {
    loadFailed: 'Unable to load products at this time.',
    checkConnection: 'Please check your internet connection and try again.',
    noProducts: 'No Products Found',
    productNotFound: 'Product not found',
  },
  events: {
    fetchFailed: 'Failed to fetch events',
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
