import {
  Alert,
  Button,
  EmptyState,
  Group,
  Modal,
  Pagination,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconMailCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { MAIL_PAGE_SIZE, useAttentionMail } from '../api/list-attention-mail';
import { OutboundMailCard } from './outbound-mail-card';

const CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

/** The mails that failed or may not have arrived, each with "Send again"; a page at a time. */
export function MailAttentionModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  // A phone gets the whole screen, as the dashboard's other narrow layouts (period picker).
  const narrow = useMediaQuery('(max-width: 30em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="E-mails that need a look"
      size="lg"
      fullScreen={narrow}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <AttentionList />
    </Modal>
  );
}

function AttentionList() {
  const [page, setPage] = useState(1);
  const list = useAttentionMail(page);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / MAIL_PAGE_SIZE)) : 1;
  // Mails sent again leave the list: stay on a page that still has some.
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);

  if (list.isPending) {
    return (
      <Stack gap="sm" role="status" aria-label="Loading the e-mails that need a look">
        <Skeleton height={150} />
        <Skeleton height={150} />
      </Stack>
    );
  }
  if (list.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        title={list.error.message}
        icon={<IconAlertTriangle aria-hidden />}
      >
        <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (list.data.mails.length === 0) {
    return (
      <EmptyState
        icon={<IconMailCheck aria-hidden />}
        title="Nothing needs a look"
        description="Every e-mail has been sent or is waiting in the queue."
      />
    );
  }
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        The mail server refused these e-mails, or the connection broke while they were being sent.
        Send one again once its cause is dealt with: it goes back in the queue.
      </Text>
      {list.data.mails.map((mail) => (
        <OutboundMailCard key={mail.id} mail={mail} />
      ))}
      {pages > 1 && (
        <Group justify="center">
          <Pagination
            value={page}
            onChange={setPage}
            total={pages}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
          />
        </Group>
      )}
    </Stack>
  );
}
