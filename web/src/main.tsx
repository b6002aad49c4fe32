import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider as ApiProvider } from 'urql';
import { client } from './api/client';
import { App } from './app';
import { RouterProvider } from './router';
import { SessionProvider } from './session';
import './styles.css';
import { applyStoredTheme } from './theme';

applyStoredTheme();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ApiProvider value={client}>
      <RouterProvider>
        <SessionProvider>
          <App />
        </SessionProvider>
      </RouterProvider>
    </ApiProvider>
  </StrictMode>,
);
