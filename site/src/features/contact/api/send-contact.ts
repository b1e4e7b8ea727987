import { contactMessages } from '@studio/shared/messages/contact';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';

export interface ContactMessage {
  name: string;
  email: string;
  /** The form's Project Type (spec 3). */
  subject: string;
  message: string;
}

/** POST /api/contact, the landing form: no recipient, so the server applies the landing rules. */
export async function sendContact(input: ContactMessage) {
  return unwrap(api.contact.$post({ json: input }), contactMessages.landingFailed);
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
