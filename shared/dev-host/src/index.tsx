import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { RemoteModule } from '@shop/contracts';
import { AppThemeProvider, Box, Button, Container, Stack, Typography } from '@shop/ui-kit';
import { BrowserRouter, Link, Route, Routes } from '@shop/router';
import { Provider, makeStore, refreshCsrfCookie } from '@shop/api-client';

/**
 * Mounts one remote alone, for its team's development (DESIGN.md: "Each remote also runs
 * stand-alone in development"): the remote's public and dashboard routes and slots under
 * the real theme, store and router, with no shell. API calls go to the dev server's proxy.
 * @param module the remote's `./module` default export
 */
export function mountStandalone(module: RemoteModule): void {
  const store = makeStore();
  void refreshCsrfCookie();
  const paths = [...module.publicRoutes, ...module.dashboardRoutes].map((r) => r.path).filter((p) => !p.includes(':'));
  const slots = Object.entries(module.slots);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Provider store={store}>
        <AppThemeProvider>
          <BrowserRouter>
            <Container sx={{ py: 3 }}>
              <Stack spacing={1} useFlexGap direction="row" sx={{ flexWrap: 'wrap', mb: 3 }}>
                <Typography variant="h6" sx={{ ml: 2 }}>
                  {module.name}
                </Typography>
                {paths.map((path) => (
                  <Button key={path} component={Link} to={path} size="small" variant="outlined">
                    {path}
                  </Button>
                ))}
              </Stack>
              <Routes>
                <Route
                  path="/"
                  element={slots.map(([slot, Slot]) => (
                    <Box key={slot} sx={{ mb: 4 }}>
                      <Slot />
                    </Box>
                  ))}
                />
                {[...module.publicRoutes, ...module.dashboardRoutes].map(({ path, Component }) => (
                  <Route key={path} path={path} element={<Component />} />
                ))}
              </Routes>
            </Container>
          </BrowserRouter>
        </AppThemeProvider>
      </Provider>
    </StrictMode>,
  );
}
