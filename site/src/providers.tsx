import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DeferredNotifications } from './components/ui/deferred-notifications';
import { AuthProvider } from './lib/auth/auth-provider';
import type { AuthStore } from './lib/auth/auth-store';
import { theme } from './lib/theme';
import { TOAST_LIMIT } from './lib/toast';

interface AppProvidersProps {
  queryClient: QueryClient;
  auth: AuthStore;
  children: ReactNode;
  /** 'test' turns off Mantine transitions and generated ids that tests do not need. */
  env?: 'default' | 'test';
}

/** Everything above the router: shared by main.tsx and the tests, so both render the same app. */
export function AppProviders({ queryClient, auth, children, env = 'default' }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="dark" env={env}>
      <DeferredNotifications limit={TOAST_LIMIT} position="top-right" zIndex={1000} />
      <QueryClientProvider client={queryClient}>
        <AuthProvider store={auth}>{children}</AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
