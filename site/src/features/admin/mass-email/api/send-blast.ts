import { blastMessages as m } from '@studio/shared/messages/blasts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../../lib/api-error';
import { useAdminApi } from '../../admin-context';
import type { AdminApi } from '../../types';
import { blastKeys } from './blast-keys';
import { getBlast } from './get-blast';

export interface BlastSubmission {
  /** The recipients box as typed: the server splits, checks and deduplicates it again. */
  emails: string;
  subject: string;
  message: string;
  emailFlyer: File | null;
}

/** How far a blast the server is still sending has got. */
export interface BlastSendProgress {
  done: number;
  total: number;
  sentCount: number;
  failedCount: number;
  /** Set while the mail server refuses for now: the blast waits until then. */
  pausedUntil?: string | null;
  pauseReason?: string | null;
}

export interface BlastOutcome {
  blastId: string;
  sentCount: number;
  failedCount: number;
}

const POLL_MS = 1500;
/** Polls that may fail in a row (a restart, a dropped connection) before giving up. */
const POLL_FAILURES_ALLOWED = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The multipart body: text fields first, then the optional flyer (decision 006). */
function blastForm(input: BlastSubmission): FormData {
  const form = new FormData();
  form.append('emails', input.emails);
  form.append('subject', input.subject);
  form.append('message', input.message);
  if (input.emailFlyer) form.append('emailFlyer', input.emailFlyer);
  return form;
}

/** GET /api/admin/email-blasts/:id until the blast is done, reporting its counts. */
async function followBlast(
  api: AdminApi,
  blastId: string,
  onProgress: (progress: BlastSendProgress) => void,
): Promise<BlastOutcome> {
  let failures = 0;
  for (;;) {
    await sleep(POLL_MS);
    try {
      const { blast } = await getBlast(api, blastId);
      failures = 0;
      const { sentCount, failedCount, skippedCount, unknownCount, total } = blast;
      if (blast.status === 'done') return { blastId, sentCount, failedCount };
      onProgress({
        done: sentCount + failedCount + skippedCount + unknownCount,
        total,
        sentCount,
        failedCount,
        pausedUntil: blast.pausedUntil,
        pauseReason: blast.pauseReason,
      });
    } catch (error) {
      failures += 1;
      if (failures > POLL_FAILURES_ALLOWED) throw error;
    }
  }
}

/**
 * POST /api/events/admin/send-email-blast. The server answers 200 with the counts when the blast
 * is done within 10 s, else 202 with its id: it is then followed until done, so the form shows
 * the spec's result toast either way.
 */
export async function sendBlast(
  api: AdminApi,
  input: BlastSubmission,
  onProgress: (progress: BlastSendProgress) => void,
): Promise<BlastOutcome> {
  const answer = await unwrap(
    // The route streams its multipart body (no validator): the body goes in `init`.
    api.events.admin['send-email-blast'].$post({}, { init: { body: blastForm(input) } }),
    m.sendFailed,
  );
  if (!('status' in answer)) return answer;
  const { blastId, sentCount, failedCount, total } = answer;
  onProgress({ done: sentCount + failedCount, total, sentCount, failedCount });
  return followBlast(api, blastId, onProgress);
}

/** Sends a blast; the history shows it (and its counts) once the server has it. */
export function useSendBlast(onProgress: (progress: BlastSendProgress) => void) {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BlastSubmission) => sendBlast(api, input, onProgress),
    onSettled: () => queryClient.invalidateQueries({ queryKey: blastKeys.all }),
  });
}
