import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../../features/account/components/profile-page';
import { titleHead } from '../../lib/page-title';

export const Route = createFileRoute('/_authenticated/profile')({
  head: titleHead('Profile'),
  component: ProfilePage,
});
