/**
 * Texts of the audio services: the landing page's service cards and the admin's Services tab.
 * All ours: the spec gives no text for these.
 */
export const audioServiceMessages = {
  notFound: 'Service not found',
  /** The landing page's list, when it could not be loaded. */
  unavailable: 'Unable to load services right now.',
  listFailed: 'Failed to load services',
  updated: (title: string) => `${title} updated`,
  updateFailed: 'Failed to update service',
} as const;
