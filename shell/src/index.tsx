import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { remoteOnlyFacadeEntries } from './federation/provided-facades';
import { recordShellBuild } from './version/version-check';

void remoteOnlyFacadeEntries;
// The build this page runs, read before any remote adds its scripts (issue 8 version check).
recordShellBuild();

// Rendered in a transition so the static skeleton of index.html stays on screen until
// React has something to show (TOOLCHAIN.md: counted as LCP, keeps the main thread free).
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
