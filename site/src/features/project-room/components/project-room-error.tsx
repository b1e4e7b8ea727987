import { Button, Paper, Stack, Text } from '@mantine/core';
import { roomMessages } from '@studio/shared/messages/project-room';
import { type ErrorComponentProps, Link } from '@tanstack/react-router';
import { PageShell } from '../../../components/ui/page-shell';
import { RouteError } from '../../../components/ui/route-error';
import { ApiError } from '../../../lib/api-error';
import { roomRefusal } from '../api/get-project-room';
import { FreshLinkForm } from './fresh-link-form';

/**
 * The API answers 404 both for an id that does not exist and for another client's project to a
 * signed-in account, so the page says the same for both and reveals nothing.
 */
function ProjectNotFound() {
  return (
    <PageShell title={roomMessages.notFound}>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        <Stack align="flex-start" gap="sm">
          <Text>
            We could not find this project. The link may be mistyped, or the project may belong to
            another account.
          </Text>
          <Button component={Link} to="/">
            Back to the home page
          </Button>
        </Stack>
      </Paper>
    </PageShell>
  );
}

const linkTitles: Record<string, string> = {
  [roomMessages.linkExpired]: 'This link has expired',
  [roomMessages.linkNotValid]: 'This link is not valid',
};

/**
 * No way in: no link and nobody signed in (401), or a link tampered with or past its 30 days
 * (403). The server's words say which; a fresh link is one e-mail away.
 */
export function RoomLinkRefused({ projectId, message }: { projectId: string; message: string }) {
  const signIn = !(message in linkTitles);
  return (
    <PageShell title={linkTitles[message] ?? 'Open your project'}>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        <Stack gap="lg">
          <Text>{message}</Text>
          {signIn && (
            <Button
              variant="light"
              w="fit-content"
              renderRoot={(props) => (
                <Link to="/login" search={{ redirect: `/projects/${projectId}` }} {...props} />
              )}
            >
              Sign in
            </Button>
          )}
          <FreshLinkForm projectId={projectId} />
        </Stack>
      </Paper>
    </PageShell>
  );
}

/** /projects/:id when the room does not open: not found, a link to renew, or the usual view. */
export function ProjectRoomError(props: ErrorComponentProps & { projectId: string }) {
  const { error, projectId, ...rest } = props;
  const refusal = roomRefusal(error);
  if (refusal === 'not-found') return <ProjectNotFound />;
  if (refusal === 'link' && error instanceof ApiError) {
    return <RoomLinkRefused projectId={projectId} message={error.message} />;
  }
  return <RouteError error={error} {...rest} />;
}
