import { Alert, Button, CloseButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { roomMessages } from '@studio/shared/messages/project-room';
import { formatTrackTime, roomLimits } from '@studio/shared/project-room';
import { roomCommentInputSchema } from '@studio/shared/schemas/project-room';
import { IconSend } from '@tabler/icons-react';
import { type RefObject, useState } from 'react';
import { z } from 'zod';
import { ApiError } from '../../../lib/api-error';
import { usePostRoomComment } from '../api/post-room-comment';
import type { RoomProof } from '../room-link';
import type { Pin } from './room-versions';

// The API's rule for the text, so the browser and the server say the same for the same mistake.
const validate = schemaResolver(z.object({ body: roomCommentInputSchema.shape.body }), {
  sync: true,
});

const max = roomLimits.maxCommentChars;
const count = (n: number) => n.toLocaleString('en-US');

/**
 * A comment: general, or pinned to the time a player's "Comment at 1:23" handed over. Plain
 * text, at most 2,000 characters, counted as it is typed.
 */
export function CommentForm({
  projectId,
  proof,
  pin,
  onUnpin,
  inputRef,
}: {
  projectId: string;
  proof: RoomProof;
  pin: Pin | null;
  onUnpin: () => void;
  inputRef?: RefObject<HTMLTextAreaElement | null>;
}) {
  const post = usePostRoomComment(projectId, proof);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [posted, setPosted] = useState<string | null>(null);
  const form = useForm({ mode: 'controlled', initialValues: { body: '' }, validate });
  const length = form.values.body.length;

  const submit = form.onSubmit(async ({ body }) => {
    setRefusal(null);
    setPosted(null);
    try {
      const { message } = await post.mutateAsync({
        body,
        ...(pin ? { fileId: pin.fileId, atSeconds: pin.atSeconds } : {}),
      });
      form.reset();
      onUnpin();
      setPosted(message);
    } catch (e) {
      const error = e instanceof ApiError ? e : null;
      const onBody = error?.issues.find((issue) => issue.path === 'body');
      if (onBody) form.setFieldError('body', onBody.message);
      else setRefusal(error?.message ?? roomMessages.commentFailed);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Add a comment">
      <Stack gap="sm">
        {pin && (
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Text size="sm">
              At <strong>{formatTrackTime(pin.atSeconds)}</strong> in {pin.fileName}
            </Text>
            <CloseButton
              size="sm"
              aria-label="Make it a general comment"
              title="Make it a general comment"
              onClick={onUnpin}
            />
          </Group>
        )}
        <Textarea
          ref={inputRef}
          label={pin ? `Comment at ${formatTrackTime(pin.atSeconds)}` : 'Comment'}
          description={`${count(length)} / ${count(max)} characters`}
          autosize
          minRows={3}
          maxRows={12}
          maxLength={max}
          {...form.getInputProps('body')}
          onChange={(e) => {
            form.getInputProps('body').onChange(e);
            setPosted(null);
          }}
        />
        {refusal && (
          <Alert color="red" variant="light" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="green.3" role="status">
            {posted}
          </Text>
          <Button
            type="submit"
            loading={post.isPending}
            leftSection={<IconSend size={16} aria-hidden />}
          >
            Post comment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
