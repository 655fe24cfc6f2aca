import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createShellStore } from './app/store';
import { remoteOnlyFacadeEntries } from './federation/provided-facades';
import { recordShellBuild } from './version/version-check';

void remoteOnlyFacadeEntries;
// The build this page runs, read before any remote adds its scripts (issue 8 version check).
recordShellBuild();

// The client-rendered app: the dashboard and the pages the server does not render. A
// server-rendered public page runs the island loader instead (islands/islands.ts).
const app = (
  <StrictMode>
    <App store={createShellStore()} />
  </StrictMode>
);

// Rendered in a transition so index.html's static skeleton stays on screen until React has
// something to show (TOOLCHAIN.md: keeps the main thread free).
startTransition(() => {
  createRoot(document.getElementById('root')!).render(app);
});
