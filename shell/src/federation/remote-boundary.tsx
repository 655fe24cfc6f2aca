import { Component, Suspense, use, type ReactNode } from 'react';
import type { RemoteModule, RemoteName } from '@shop/contracts';
import { Alert, AlertTitle, Box, Button, Skeleton } from '@shop/ui-kit';
import { Island } from '@shop/router';
import { t } from '../strings';
import { forgetRemote, loadRemoteModule } from './load-remote';

interface BoundaryProps {
  remote: RemoteName;
  /**
   * A public area (the server renders it): `page` or the slot's name, so the browser can render
   * it when the server could not. The dashboard leaves it out.
   */
  area?: string;
  children: ReactNode;
  /** Compact areas (header slots) render nothing instead of the full notice. */
  quiet?: boolean;
  /**
   * Lets the loading suspend the boundary around it (the page's) instead of showing its own loading
   * state, so what is around it is revealed with it and nothing moves when it arrives. Failures are
   * still contained here.
   */
  holdsPage?: boolean;
}

/**
 * Contains a remote's failures (STYLE.md: the third layer): anything the remote throws
 * while loading or rendering shows a Persian notice with a retry button, and only here.
 * On the server (issue 9), an area whose remote is down or throws is sent as its loading state,
 * marked for the browser to render the area itself as the page loads.
 */
export class RemoteBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  private retry = () => {
    forgetRemote(this.props.remote);
    this.setState({ failed: false });
  };

  override render() {
    if (!this.state.failed) {
      if (this.props.holdsPage) return this.props.children;
      const loading = this.props.quiet ? null : <AreaSkeleton />;
      const { area } = this.props;
      const fallback = area ? (
        <Island target={{ owner: 'shell', area }} hydrate="load">
          {loading}
        </Island>
      ) : (
        loading
      );
      return <Suspense fallback={fallback}>{this.props.children}</Suspense>;
    }
    if (this.props.quiet) return null;
    return (
      <Alert
        severity="warning"
        data-remote-fallback={this.props.remote}
        sx={{ my: 2 }}
        action={
          <Button color="inherit" size="small" onClick={this.retry}>
            {t.remote.retry}
          </Button>
        }
      >
        <AlertTitle>{t.remote.unavailableTitle}</AlertTitle>
        {t.remote.unavailableText}
      </Alert>
    );
  }
}

function AreaSkeleton() {
  return (
    <Box role="progressbar" aria-busy="true" aria-label={t.remote.loading} sx={{ py: 2 }}>
      <Skeleton variant="text" width="40%" height={40} />
      <Skeleton variant="rounded" height={160} sx={{ mt: 1 }} />
    </Box>
  );
}

/**
 * Suspends until the remote's module is loaded, then renders `children(module)`.
 * Use inside a {@link RemoteBoundary}.
 */
export function WithRemote({ remote, children }: { remote: RemoteName; children: (module: RemoteModule) => ReactNode }) {
  const module = use(loadRemoteModule(remote));
  return <>{children(module)}</>;
}
