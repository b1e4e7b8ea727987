import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/components/login-page';
import { titleHead } from '../lib/page-title';

export const Route = createFileRoute('/login')({
  head: titleHead('Sign in'),
  component: LoginPage,
});
