import { createFileRoute } from '@tanstack/react-router';
import { AdminDashboard } from '../../features/admin/components/admin-dashboard';
import { titleHead } from '../../lib/page-title';

export const Route = createFileRoute('/_authenticated/admin')({
  head: titleHead('Admin Dashboard'),
  component: AdminDashboard,
});
