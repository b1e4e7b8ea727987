import { createFileRoute } from '@tanstack/react-router';
import { RegisterPage } from '../features/auth/components/register-page';
import { titleHead } from '../lib/page-title';

export const Route = createFileRoute('/register')({
  head: titleHead('Create an account'),
  component: RegisterPage,
});
