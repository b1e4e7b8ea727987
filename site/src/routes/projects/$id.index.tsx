import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { projectRoomQueryOptions } from '../../features/project-room/api/get-project-room';
import { ProjectRoomError } from '../../features/project-room/components/project-room-error';
import { ProjectRoomPage } from '../../features/project-room/components/project-room-page';
import { roomProof } from '../../features/project-room/room-link';
import { pageTitle } from '../../lib/page-title';

interface RoomSearch {
  expires?: string;
  token?: string;
}

// The router reads `?expires=1790000000` as a number: the proof is the text either way.
const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;

/** The room link's proof from a project mail (decision 046); anything else is dropped. */
function validateSearch(search: Record<string, unknown>): RoomSearch {
  // The keys are always returned: the router keeps raw keys a validator leaves out (decision 010).
  return { expires: text(search.expires), token: text(search.token) };
}

export const Route = createFileRoute('/projects/$id/')({
  validateSearch,
  loaderDeps: ({ search }) => ({ expires: search.expires, token: search.token }),
  loader: ({ context, params, deps }) =>
    context.queryClient.ensureQueryData(
      projectRoomQueryOptions(params.id, roomProof(params.id, deps)),
    ),
  head: ({ loaderData }) => ({
    meta: [{ title: pageTitle(loaderData?.serviceName ?? 'Your project') }],
  }),
  errorComponent: function ProjectRoomErrorRoute(props) {
    const { id } = Route.useParams();
    return <ProjectRoomError {...props} projectId={id} />;
  },
  component: ProjectRoomRoute,
});

function ProjectRoomRoute() {
  const { id } = Route.useParams();
  const { expires, token } = Route.useLoaderDeps();
  // The link's proof, kept for this tab so the room's calls (and a reload without it) carry it.
  const proof = useMemo(() => roomProof(id, { expires, token }), [id, expires, token]);
  return <ProjectRoomPage projectId={id} proof={proof} />;
}
