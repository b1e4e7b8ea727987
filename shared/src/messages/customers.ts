/**
 * Texts of the admin's Customers and Audit tabs (issue 18, items 1 and 5; decision 033). All
 * ours: the spec shows no customer list, roles being given, or audit trail.
 */
export const customerMessages = {
  customerNotFound: 'Customer not found',
  /** Taking the admin role from the last account that has it would lock everyone out. */
  lastAdmin:
    'This is the only admin account, so it must stay admin. Make another account admin first.',
  roleGiven: (name: string) => `${name} is now an admin`,
  roleTaken: (name: string) => `${name} is no longer an admin`,
  roleUnchanged: (name: string) => `${name} already has that role`,
  roleChangeFailed: 'The role could not be changed',
  /** Shown at sign-in after another admin took this account's admin role while its dashboard was open. */
  adminRevoked:
    'Your admin role was taken away, so you were signed out of the dashboard. Sign in with an admin account to use it again.',
  /** The confirmation before an admin takes their own role away. */
  ownRoleWarning:
    'You are taking your own admin role away. You will lose access to this dashboard at once, and only another admin can give it back.',
  fetchFailed: 'The customers could not be loaded',
  detailFailed: 'This customer could not be loaded',
  auditFetchFailed: 'The audit trail could not be loaded',
} as const;
