import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { minecraftMessages } from '@studio/shared/messages/minecraft';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { business } from '../../../config/business';

/** Spec 9: the server-IP confirmation shows for 3 seconds. */
export const SERVER_IP_CONFIRMATION_MS = 3000;

export const SERVER_IP_COPIED = minecraftMessages.serverIpCopied;

/** The server address with a copy button and its short-lived confirmation (spec 2). */
export function ServerAddressCard() {
  const clipboard = useClipboard({ timeout: SERVER_IP_CONFIRMATION_MS });
  const address = business.minecraft.serverAddress;
  const status = clipboard.copied
    ? SERVER_IP_COPIED
    : clipboard.error
      ? minecraftMessages.copyFailed
      : '';

  return (
    // A term and its definition, so the address is read with its label (an aria-labelledby on
    // <code>, whose role allows no name, would be ignored).
    <Stack component="dl" gap={6} m={0}>
      <Text
        component="dt"
        size="sm"
        fw={600}
        tt="uppercase"
        c="gray.4"
        style={{ letterSpacing: 1 }}
      >
        Server address
      </Text>
      <Group component="dd" gap="sm" wrap="wrap" m={0}>
        <Code
          fz={{ base: 'lg', sm: 'xl' }}
          px="md"
          py={8}
          style={{ wordBreak: 'break-all', userSelect: 'all' }}
        >
          {address}
        </Code>
        <Button
          onClick={() => clipboard.copy(address)}
          color={clipboard.copied ? 'teal' : undefined}
          leftSection={
            clipboard.copied ? (
              <IconCheck size={18} aria-hidden />
            ) : (
              <IconCopy size={18} aria-hidden />
            )
          }
        >
          Copy server IP
        </Button>
        {/* Always in the page, so screen readers announce the text when it appears. */}
        <Text role="status" size="sm" fw={600} c={clipboard.copied ? 'teal.3' : 'red.3'}>
          {status}
        </Text>
      </Group>
    </Stack>
  );
}
