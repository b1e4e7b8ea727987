import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DeferredNotifications } from './components/ui/deferred-notifications';
import { AuthProvider } from './features/auth/auth-provider';
import type { AuthStore } from './features/auth/auth-store';
import { cssVariablesResolver, theme } from './lib/theme';
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
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="dark"
      env={env}
    >
      {/* Placed by the theme: bottom right (decision 038). */}
      <DeferredNotifications limit={TOAST_LIMIT} zIndex={1000} />
      <QueryClientProvider client={queryClient}>
        <AuthProvider store={auth}>{children}</AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
