import { newsletterMessages } from '@studio/shared/messages/newsletter';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';

/** POST /api/contact/newsletter: 201 for a new address, 200 for one already subscribed; both are a success. */
export async function subscribeNewsletter(email: string) {
  return unwrap(api.contact.newsletter.$post({ json: { email } }), newsletterMessages.failed);
}

export function useSubscribeNewsletter() {
  return useMutation({ mutationFn: subscribeNewsletter });
}
