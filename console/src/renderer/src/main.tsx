import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './console.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { ConsoleProviders, createQueryClient } from './providers.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('Studio Console: #root is missing from index.html');

const queryClient = createQueryClient();

createRoot(container).render(
  <StrictMode>
    <ConsoleProviders queryClient={queryClient}>
      <App />
    </ConsoleProviders>
  </StrictMode>,
);
