import { ActionIcon, Menu } from '@mantine/core';
import { authMessages } from '@studio/shared/messages/auth';
import type { PublicUser } from '@studio/shared/schemas/auth';
import { IconUserCircle } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useAuthStore } from '../../features/auth/auth-provider';
import { toast } from '../../lib/toast';

/**
 * The signed-in visitor's menu (profile, orders, admin, sign out). Its own chunk: the menu's
 * positioning library is needed only once someone is signed in, never on a first visit.
 */
export function AccountMenu({ user, isAdmin }: { user: PublicUser; isAdmin: boolean }) {
  const store = useAuthStore();
  const navigate = useNavigate();
  const logout = async () => {
    await store.logout();
    toast.success(authMessages.loggedOut);
    await navigate({ to: '/' });
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon size="lg" variant="subtle" aria-label={`Account: ${user.firstName}`}>
          <IconUserCircle size={22} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {user.firstName} {user.lastName}
        </Menu.Label>
        <Menu.Item component={Link} to="/profile">
          Profile
        </Menu.Item>
        <Menu.Item component={Link} to="/orders">
          Orders
        </Menu.Item>
        {isAdmin && (
          <Menu.Item component={Link} to="/admin">
            Admin dashboard
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color="red" onClick={() => void logout()}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
