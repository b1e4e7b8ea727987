import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles/global.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAuthStore } from './lib/auth/auth-store';
import { createQueryClient } from './lib/query-client';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

const queryClient = createQueryClient();
const auth = createAuthStore();
void auth.init();
const router = createAppRouter({ queryClient, auth });

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

createRoot(rootElement).render(
  <StrictMode>
    <AppProviders queryClient={queryClient} auth={auth}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
