import type { Env } from '../../env.ts';

/** The site's page where a submission is paid later; linked from the confirmation e-mail. */
export function payUrl(env: Pick<Env, 'PUBLIC_URL'>, submissionId: string): string {
  return `${env.PUBLIC_URL}/projects/${encodeURIComponent(submissionId)}/pay`;
}
