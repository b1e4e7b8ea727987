import { createFileRoute, redirect } from '@tanstack/react-router';
import { AdminDashboard } from '../../features/admin/components/admin-dashboard';
import { titleHead } from '../../lib/page-title';

export const Route = createFileRoute('/_authenticated/admin')({
  // Spec 2: a signed-in non-admin on /admin goes to /. The API checks the role on every call.
  beforeLoad: ({ context }) => {
    if (context.auth.getState().user?.role !== 'admin') throw redirect({ to: '/' });
  },
  head: titleHead('Admin Dashboard'),
  component: AdminDashboard,
});
