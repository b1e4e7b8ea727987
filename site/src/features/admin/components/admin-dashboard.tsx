import { Box } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useAuthStore } from '../../auth/auth-provider';
import { AdminApp } from '../admin-app';
import { browserHost } from '../hosts/browser-host';

/** /admin: the dashboard in the browser, on the site's session. */
export function AdminDashboard() {
  const auth = useAuthStore();
  const navigate = useNavigate();
  const host = useMemo(
    () => browserHost({ auth, onLoggedOut: () => void navigate({ to: '/login' }) }),
    [auth, navigate],
  );
  return (
    // Clears the fixed header (64 px); `#main` is the skip link's target.
    <Box component="main" id="main" pt={80} pb="xl">
      <AdminApp host={host} />
    </Box>
  );
}
