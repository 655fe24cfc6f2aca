import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createShellStore } from './app/store';
import { remoteOnlyFacadeEntries } from './federation/provided-facades';
import { recordShellBuild } from './version/version-check';

void remoteOnlyFacadeEntries;
// The build this page runs, read before any remote adds its scripts (issue 8 version check).
recordShellBuild();

const container = document.getElementById('root')!;
// A server-rendered public page carries the state it was rendered with (issue 9).
const preloaded = document.getElementById('preloaded-state');
const store = createShellStore(preloaded ? JSON.parse(preloaded.textContent ?? '{}') : undefined);
const app = (
  <StrictMode>
    <App store={store} />
  </StrictMode>
);

// Rendered in a transition so the server's HTML, or index.html's static skeleton, stays on
// screen until React has something to show (TOOLCHAIN.md: keeps the main thread free).
startTransition(() => {
  if (preloaded) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
