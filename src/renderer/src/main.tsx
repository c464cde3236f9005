import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { ClientProvider } from './client/ClientContext';
import { connect } from './client/connect';
import { UiPrefsSync, usePrefsStore } from './i18n';
import './app/theme.css';

// Errors are said in the UI's language at the time they happen (issue 14: src/shared/errors).
const client = connect({ language: () => usePrefsStore.getState().language });
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 1000 } },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ClientProvider client={client}>
      <QueryClientProvider client={queryClient}>
        <UiPrefsSync />
        <App />
      </QueryClientProvider>
    </ClientProvider>
  </StrictMode>,
);
