import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './lib/query-client';
import { App, preloadPage } from './App';
import './styles.css';

const root = document.getElementById('root');
// The current page's chunk is fetched before the first render; a failed fetch still renders (and retries lazily).
if (root) {
  void preloadPage(window.location.pathname).catch(() => undefined).then(() => createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </StrictMode>,
  ));
}

window.addEventListener('load', () => void import('./lib/web-vitals').then((m) => m.reportWebVitals()), { once: true });
