import { roomMessages } from '@studio/shared/messages/project-room';
import type { MyProjectsAnswer } from '@studio/shared/schemas/project-room';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';

/** GET /api/projects/mine: the signed-in client's projects, newest first. */
export async function getMyProjects(): Promise<MyProjectsAnswer['projects']> {
  const { projects } = await unwrap(api.projects.mine.$get(), roomMessages.projectsFailed);
  return projects;
}

export type MyProject = MyProjectsAnswer['projects'][number];

// Under 'projects' so the list is dropped when the account changes (PRIVATE_QUERY_ROOTS).
export const myProjectsQueryOptions = () =>
  queryOptions({ queryKey: ['projects', 'mine'], queryFn: getMyProjects });

export function useMyProjects() {
  return useSuspenseQuery(myProjectsQueryOptions()).data;
}
