import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { authMessages } from '@studio/shared/messages/auth';
import { IconLogout, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { useAdminHost } from '../admin-context';
import { ReportModal } from '../report/report-modal';

/** Spec 2: the dashboard's header with Print report and Logout (with a confirmation). */
export function AdminHeader() {
  const host = useAdminHost();
  const [confirmLogout, setConfirmLogout] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const name = host.adminName();

  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="md" className="admin-no-print">
      <Stack gap={2}>
        <Title order={1}>Admin Dashboard</Title>
        <Text c="dimmed" size="sm">
          {name ? `Signed in as ${name}. ` : ''}Orders, events, mass e-mail and the catalogue.
        </Text>
      </Stack>
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconPrinter size={18} aria-hidden />}
          onClick={() => setReportOpen(true)}
        >
          Print report
        </Button>
        <Button
          color="red"
          variant="light"
          leftSection={<IconLogout size={18} aria-hidden />}
          onClick={() => setConfirmLogout(true)}
        >
          Logout
        </Button>
      </Group>

      <ReportModal opened={reportOpen} onClose={() => setReportOpen(false)} />
      <Modal
        opened={confirmLogout}
        onClose={() => setConfirmLogout(false)}
        title="Log out?"
        size="sm"
        centered
      >
        <Stack gap="md">
          <Text size="sm">Are you sure you want to log out?</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirmLogout(false)} data-autofocus>
              Stay signed in
            </Button>
            <Button
              color="red"
              loading={leaving}
              onClick={async () => {
                setLeaving(true);
                try {
                  await host.logout();
                  toast.success(authMessages.loggedOut);
                } finally {
                  setLeaving(false);
                  setConfirmLogout(false);
                }
              }}
            >
              Logout
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
