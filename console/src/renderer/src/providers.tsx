import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme.ts';

/** The site's query defaults (site/src/lib/query-client.ts). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
      // A failed change must never be sent twice behind the admin's back.
      mutations: { retry: false },
    },
  });
}

/** What the dashboard needs around it, as the site provides it (site/src/providers.tsx). */
export function ConsoleProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="dark"
    >
      {/* The site's toast limit (site/src/lib/toast.ts); bottom right, as the dashboard places
          them, clear of the bar's Import subscribers, Print report and Logout (decision 038). */}
      <Notifications limit={20} zIndex={1000} position="bottom-right" />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
