import { Alert, Button, Grid, Group, Stack, Text } from '@mantine/core';
import { roomMessages } from '@studio/shared/messages/project-room';
import { IconCreditCard } from '@tabler/icons-react';
import { useCallback, useRef, useState } from 'react';
import { formatRoomDate } from '../../../components/project-room/room-dates';
import { RoomPlayersProvider } from '../../../components/project-room/room-players';
import { WorkStatusBadge } from '../../../components/project-room/work-status-badge';
import { WorkTimeline } from '../../../components/project-room/work-timeline';
import { PageShell } from '../../../components/ui/page-shell';
import { useProjectRoom } from '../api/get-project-room';
import type { RoomProof } from '../room-link';
import { CommentForm } from './comment-form';
import { PaymentStateBadge } from './payment-state-badge';
import { RoomComments } from './room-comments';
import { RoomMoves } from './room-moves';
import { RoomSection } from './room-section';
import { RoomUploads } from './room-uploads';
import { type Pin, RoomVersions } from './room-versions';

/**
 * /projects/:id, the client's project room (issue 26): where the work stands, the versions the
 * studio shared with a player for each preview, the thread (comments pinned to a moment in a
 * track seek its player), the client's review, and the finals once paid.
 */
export function ProjectRoomPage({ projectId, proof }: { projectId: string; proof: RoomProof }) {
  const room = useProjectRoom(projectId, proof);
  const [pin, setPin] = useState<Pin | null>(null);
  const commentInput = useRef<HTMLTextAreaElement>(null);
  // "Comment at 1:23" in a player: the form takes the time, and the cursor goes there.
  const pinComment = useCallback((next: Pin) => {
    setPin(next);
    commentInput.current?.focus();
  }, []);

  return (
    <RoomPlayersProvider>
      <PageShell title={room.serviceName}>
        <Stack gap="xs">
          <Text c="dimmed" size="sm">
            Project of {room.name} · submitted{' '}
            <time dateTime={room.createdAt}>{formatRoomDate(room.createdAt)}</time>
          </Text>
          <Group gap="xs">
            <WorkStatusBadge status={room.workStatus} />
            <PaymentStateBadge state={room.paymentState} />
          </Group>
        </Stack>
        {room.workStatus === 'cancelled' && (
          <Alert color="red" variant="light" role="note">
            {roomMessages.cancelledProject}
          </Alert>
        )}
        {room.payUrl && (
          // A standing note, not news: role "alert" would have it read out over the page.
          <Alert color="yellow" variant="light" role="note" title="Awaiting payment">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{roomMessages.payToReceive}</Text>
              <Button
                component="a"
                href={room.payUrl}
                leftSection={<IconCreditCard size={16} aria-hidden />}
              >
                Pay for your project
              </Button>
            </Stack>
          </Alert>
        )}
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              <RoomSection title="Versions">
                <RoomVersions room={room} onPin={pinComment} />
              </RoomSection>
              {/* Under the versions: listened to first, then approved or sent back. */}
              <RoomMoves room={room} projectId={projectId} proof={proof} />
              <RoomSection title="Comments">
                <RoomComments room={room} />
                <CommentForm
                  projectId={projectId}
                  proof={proof}
                  pin={pin}
                  onUnpin={() => setPin(null)}
                  inputRef={commentInput}
                />
              </RoomSection>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md">
              <RoomSection title="Status history">
                <WorkTimeline timeline={room.timeline} clientName="You" />
              </RoomSection>
              <RoomSection title="Your files">
                <RoomUploads uploads={room.uploads} />
              </RoomSection>
            </Stack>
          </Grid.Col>
        </Grid>
      </PageShell>
    </RoomPlayersProvider>
  );
}
