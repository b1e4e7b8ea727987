import { messages } from '@studio/shared/messages';
import { ApiError } from '../../lib/api-error.ts';

export function refuseAuthAttempt(retryAfterSeconds: number): never {
  throw ApiError.rateLimited(messages.auth.tooManyAttempts, retryAfterSeconds);
}
