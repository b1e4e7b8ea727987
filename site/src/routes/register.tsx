import { createFileRoute, redirect } from '@tanstack/react-router';
import { RegisterPage } from '../features/auth/components/register-page';
import { titleHead } from '../lib/page-title';

export const Route = createFileRoute('/register')({
  beforeLoad: async ({ context }) => {
    await context.auth.whenReady();
    if (context.auth.getState().user) throw redirect({ to: '/' });
  },
  head: titleHead('Create an account'),
  component: RegisterPage,
});
