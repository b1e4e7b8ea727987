import { contactMessages } from '@studio/shared/messages/contact';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';

export interface PitchContactInput {
  name: string;
  email: string;
  message: string;
  /** Fixed per page (spec 3), e.g. 'Minecraft Server Inquiry'. */
  subject: string;
  /** Fixed per page (spec 3); the API only honours addresses on its allow-list. */
  recipient: string;
}

/** POST /api/contact as the pitch and promo forms send it: judged by status only (spec 7). */
export function sendPitchContact(input: PitchContactInput) {
  return unwrap(api.contact.$post({ json: input }), contactMessages.pitchFailed);
}

export function useSendPitchContact() {
  return useMutation({ mutationFn: sendPitchContact });
}
