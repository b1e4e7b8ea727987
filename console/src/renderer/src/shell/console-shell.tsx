import { Badge, Box, Button, Group, Text } from '@mantine/core';
import { AdminApp, type AdminHost } from '@studio/site/admin';
import { IconDeviceDesktop, IconUsersPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { SubscribersDrawer } from '../subscribers/subscribers-drawer.tsx';

/** Signed in: a slim bar for what only the desktop offers, above the site's dashboard. */
export function ConsoleShell({ host, server }: { host: AdminHost; server: string }) {
  const [importOpen, setImportOpen] = useState(false);
  return (
    <Box component="main">
      <Group
        className="console-bar admin-no-print"
        justify="space-between"
        px="md"
        py={6}
        wrap="nowrap"
      >
        <Group gap="xs" wrap="nowrap">
          <IconDeviceDesktop size={18} aria-hidden />
          <Text fw={600} size="sm">
            Studio Console
          </Text>
          <Badge variant="light" color="gray" tt="none" title="The server this console uses">
            {server}
          </Badge>
        </Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconUsersPlus size={16} aria-hidden />}
          onClick={() => setImportOpen(true)}
        >
          Import subscribers
        </Button>
      </Group>
      <AdminApp host={host} />
      <SubscribersDrawer host={host} opened={importOpen} onClose={() => setImportOpen(false)} />
    </Box>
  );
}
