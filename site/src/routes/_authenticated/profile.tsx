import { createFileRoute } from '@tanstack/react-router';
import { meQueryOptions } from '../../features/account/api/get-me';
import { ProfilePage } from '../../features/account/components/profile-page';
import { titleHead } from '../../lib/page-title';

export const Route = createFileRoute('/_authenticated/profile')({
  loader: ({ context }) => context.queryClient.ensureQueryData(meQueryOptions()),
  head: titleHead('Profile'),
  component: ProfilePage,
});
