import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { authMessages } from '@studio/shared/messages/auth';
import { useNavigate } from '@tanstack/react-router';
import { ApiError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useAuthStore } from '../../auth/auth-provider';
import { useLogoutAll } from '../api/logout-all';

/** Ours: the spec has no sign-out-everywhere. */
export const SIGNED_OUT_EVERYWHERE = authMessages.signedOutEverywhere;

/**
 * Ends every session of the account, this one too, after a confirmation. Then the local session
 * is cleared the way the header's Sign out does it (which also drops the account's cached data)
 * and the visitor lands on /login.
 */
export function SignOutEverywhere() {
  const [opened, { open, close }] = useDisclosure(false);
  const logoutAll = useLogoutAll();
  const auth = useAuthStore();
  const navigate = useNavigate();

  const confirm = async () => {
    try {
      await logoutAll.mutateAsync();
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : authMessages.signOutEverywhereFailed);
      return;
    }
    close();
    // The server has ended this session too; logout() clears the two stored items (its own
    // call to the API is answered 401 and ignored).
    await auth.logout();
    toast.success(SIGNED_OUT_EVERYWHERE);
    await navigate({ to: '/login' });
  };

  return (
    <>
      <Stack gap="sm" align="flex-start">
        <Text size="sm" c="dimmed">
          Signed in on a shared or lost device? This signs you out everywhere, including here.
        </Text>
        <Button color="red" variant="outline" onClick={open}>
          Sign out of all devices
        </Button>
      </Stack>
      <Modal
        opened={opened}
        onClose={close}
        title="Sign out of all devices?"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack>
          <Text size="sm">
            Every browser and device signed in to this account will be signed out, this one
            included. You will need to sign in again.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={logoutAll.isPending}>
              Cancel
            </Button>
            <Button color="red" onClick={() => void confirm()} loading={logoutAll.isPending}>
              Sign out everywhere
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
