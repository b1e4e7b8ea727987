import { Alert, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { httpMessages } from '@studio/shared/messages/http';
import { roomMessages as m } from '@studio/shared/messages/project-room';
import type { ProjectRoom } from '@studio/shared/schemas/project-room';
import type { ReactNode } from 'react';
import { RoomPlayersProvider } from '../../../../../components/project-room/room-players';
import { WorkStatusBadge } from '../../../../../components/project-room/work-status-badge';
import { WorkTimeline } from '../../../../../components/project-room/work-timeline';
import { errorMessage } from '../../../api/admin-result';
import { useSubmissionRoom } from '../../api/get-submission-room';
import { CommentForm } from './comment-form';
import { RoomThread } from './room-thread';
import { VersionForm } from './version-form';
import { VersionList } from './version-list';
import { WorkMoves } from './work-moves';

function Section({
  id,
  title,
  aside,
  children,
}: {
  id: string;
  title: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Group gap="xs">
        <Title order={4} id={id}>
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </Stack>
  );
}

function Room({ room }: { room: ProjectRoom }) {
  const cancelled = room.workStatus === 'cancelled';
  return (
    <RoomPlayersProvider>
      <Stack gap="lg">
        <Section
          id="room-status-title"
          title="Status"
          aside={<WorkStatusBadge status={room.workStatus} />}
        >
          <WorkMoves room={room} />
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} mt="xs">
            History
          </Text>
          <WorkTimeline timeline={room.timeline} clientName="Client" />
        </Section>
        <Section
          id="room-versions-title"
          title="Versions"
          aside={
            <Badge variant="light" color="gray">
              {room.versions.length}
            </Badge>
          }
        >
          <VersionList versions={room.versions} />
        </Section>
        {!cancelled && <VersionForm submissionId={room.id} />}
        <Section
          id="room-thread-title"
          title="Thread"
          aside={
            <Badge variant="light" color="gray">
              {room.comments.length}
            </Badge>
          }
        >
          <RoomThread room={room} />
          <CommentForm room={room} />
        </Section>
      </Stack>
    </RoomPlayersProvider>
  );
}

/**
 * The studio's side of the project room (issue 26, decision 046): where the work stands and the
 * moves it may make, the versions shared and a form to share the next, and the thread.
 */
export function ProjectRoomTab({ submissionId }: { submissionId: string }) {
  const room = useSubmissionRoom(submissionId);
  if (room.isPending)
    return (
      <Group justify="center" py="xl">
        <Loader aria-label="Loading the project room" />
      </Group>
    );
  if (room.isError)
    return (
      <Alert color="red" variant="light" title={m.loadFailed}>
        <Group justify="space-between">
          <Text size="sm">{errorMessage(room.error, httpMessages.tryAgain)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => room.refetch()}>
            Retry
          </Button>
        </Group>
      </Alert>
    );
  return <Room room={room.data} />;
}
