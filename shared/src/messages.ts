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
    // Account security (ours: the spec has no password change or sign-out-everywhere).
    currentPasswordRequired: 'Current password is required',
    currentPasswordIncorrect: 'Current password is incorrect',
    samePassword: 'Choose a new password that differs from the current one',
    passwordChanged: 'Password changed',
  },
  project: {
    /** The admin's download of a submission's file that is not there. */
    fileNotFound: 'File not found',
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
    multipartRequired: 'Send the project as multipart/form-data',
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
    // The admin's product form and images (ours).
    skuTaken: 'A product with this SKU already exists',
    salePriceNotBelowPrice: 'The sale price must be below the price',
    imageMultipartRequired: 'Send the image as multipart/form-data',
    imageRequired: 'Choose an image to upload',
    oneImageOnly: 'Send one image at a time',
    imageTooLarge: 'File size must be less than 5MB',
    imageType: 'Please upload a JPEG, PNG or WebP image',
    imageNotFound: 'Image not found',
  },
  /** The admin's audio services (ours). */
  audioServices: {
    notFound: 'Service not found',
  },
  /** The admin's printable report (ours). */
  report: {
    periodTooLong: 'Choose a period of at most a year',
  },
  events: {
    fetchFailed: 'Failed to fetch events',
  },
  payments: {
    // Spec section 8, shown by the site.
    paypalLoadFailed: 'Failed to load PayPal. Please try another payment method.',
    paypalVerificationFailed: 'Payment verification failed. Please contact support.',
    paypalFailed: 'Payment failed. Please try again.',
    paypalCancelled: 'Payment cancelled',
    cryptoVerificationFailed:
      'Payment verification failed. Please contact support with your transaction hash.',
    cryptoFailed: (reason: string) => `Payment failed: ${reason}`,
    connectFailed: 'Failed to connect wallet',
    transactionFailed: 'Transaction failed',
    failed: 'Payment failed',
    walletConnected: 'Wallet connected successfully!',
    completed: 'Payment completed successfully!',
    connectFirst: 'Please connect your wallet first',
    insufficientUsdt: 'Insufficient USDT balance',
    insufficientAlph: 'Insufficient ALPH balance',
    submitted: 'Transaction submitted! Waiting for confirmation...',
    alphNotInstalled:
      'Extension Wallet for Alephium is not installed. Please install it from the Chrome Web Store.',
    alphProviderMissing: 'Alephium provider not found',
    // The server's answers (ours: the spec shows only the site's texts).
    confirmed: 'Payment confirmed',
    pending: 'Payment received and waiting for confirmation',
    alreadyPaid: 'This project is already paid',
    noPaymentPrice: 'This service has no online payment price',
    methodUnavailable: 'This payment method is not available right now',
    submissionNotFound: 'Project submission not found',
    quoteNotFound: 'Start the payment again: no open payment matches this transaction',
    quoteExpired: 'The payment window has expired. Please start the payment again.',
    transferTooEarly: 'This transfer was made before the payment was started',
    alreadyUsed: 'This transaction was already used for another payment',
    unknownTransaction: 'Transaction not found',
    wrongRecipient: 'The transfer did not go to our payment address',
    wrongToken: 'The transfer is not in USDT',
    underpaid: 'The transfer is less than the amount due',
    wrongAmount: 'The amount paid does not match the amount due',
    declined: 'The payment was declined. Please try another card or payment method.',
    providerUnavailable: 'The payment provider could not be reached. Please try again.',
    // A provider or chain that could not be asked now (down, slow): the payment stays open.
    peerUnavailable:
      'Your payment could not be checked just now. It stays open and is checked again automatically; you can also try again in a moment.',
    conflicted: 'This transaction was replaced by a conflicting one and will not be confirmed',
    // The same words as a sign-in's, for the payment calls' limit per address.
    tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
    nothingToPay: 'There is nothing to pay for this order',
    webhooksOff: 'PayPal webhooks are not configured',
    webhookSignatureInvalid: 'The webhook signature is not valid',
  },
  orders: {
    cartEmpty: 'Your cart is empty',
    tooManyItems: 'At most 99 of one item per order',
    unavailable: (name: string) => `${name} is no longer available`,
    /** Names a product that no longer exists in the messages above. */
    someProduct: 'A product',
    soldElsewhere: (name: string) => `${name} is sold through our partner store, not here`,
    outOfStock: (name: string) => `${name} is out of stock`,
    notEnoughStock: (name: string, left: number) => `Only ${left} left of ${name}`,
    addressRequired: 'A shipping address is required for physical items',
    notFound: 'Order not found',
    alreadyPaid: 'This order is already paid',
    notPayable: 'This order can no longer be paid',
    stockGone: (name: string) => `Not enough stock left of ${name} to re-open this order`,
    // Spec section 8 (admin).
    statusUpdated: 'Order status updated successfully',
    statusFailed: 'Failed to update order status',
    sameStatus: 'The order already has this status',
    shippingAdded: 'Shipping information added successfully',
    shippingFailed: 'Failed to add shipping information',
    carrierRequired: 'Carrier is required',
    trackingRequired: 'Tracking number is required',
    methodRequired: 'Shipping method is required',
    missingPaymentInfo: 'Missing payment information',
    executionFailed: 'Payment execution failed',
    verificationFailed: 'Payment verification failed',
  },
  address: {
    firstNameRequired: 'First name is required',
    lastNameRequired: 'Last name is required',
    streetRequired: 'Street address is required',
    cityRequired: 'City is required',
    stateRequired: 'State is required',
    zipRequired: 'ZIP code is required',
    zipInvalid: 'Invalid ZIP code',
    phoneRequired: 'Phone number is required',
    phoneInvalid: 'Invalid phone number',
  },
  /** A multipart upload the server refuses (ours). */
  upload: {
    fieldTooLong: (name: string) => `The field "${name}" is too long`,
    tooManyFields: 'Too many form fields',
    tooManyParts: 'Too many form parts',
    fileNameRefused: (name: string) => `The file name "${name}" is not allowed`,
    unexpectedFileField: (field: string) => `Unexpected file field "${field}"`,
    notStored: 'The file could not be stored',
    interrupted: 'The upload was interrupted',
    unreadable: 'The upload could not be read as multipart form data',
  },
  mail: {
    notFound: 'Mail not found',
    notResendable: 'Only a failed mail or one whose delivery is unknown can be sent again',
  },
  http: {
    badRequest: 'Bad request',
    malformedJson: 'The request body is not valid JSON',
    unsupportedMediaType: 'Send the request body as application/json',
    payloadTooLarge: 'The request body is too large',
    notFound: 'Not found',
    internal: 'Something went wrong on our side. Please try again.',
    validation: 'Some fields are not valid',
    unavailable: 'The service is temporarily unavailable',
  },
} as const;
