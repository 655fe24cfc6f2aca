import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, enqueueSnackbar } from '@shop/ui-kit';
import { useLocation } from '@shop/router';
import { t } from '../strings';
import { claimAutomaticReload } from './reload-guard';
import { fetchNoCache, findChangedBuilds, type FetchText } from './version-check';

/** How often a visible page checks for a new build. */
export const PERIODIC_CHECK_MS = 5 * 60_000;

/** Navigating checks too, at most once in this time. */
export const NAVIGATION_CHECK_MS = 30_000;

const TOAST_KEY = 'new-build';

const reloadPage = () => window.location.reload();

/** Dependencies of {@link VersionWatcher}; tests pass their own. */
export interface VersionWatcherProps {
  /** Reloads the page. */
  reload?: () => void;
  fetchText?: FetchText;
  storage?: () => Storage;
}

/**
 * The version check and reload guard (issue 8; SPEC §9). Checks whether the server serves another
 * build of the shell or of a loaded remote ({@link findChangedBuilds}) on navigation (at most every
 * {@link NAVIGATION_CHECK_MS}) and every {@link PERIODIC_CHECK_MS} while the page is visible. Once
 * one is found it stops checking, offers «بارگذاری دوباره» in a toast that stays, and reloads by
 * itself at the next change of route: the page being left is gone anyway and the next one has not
 * been touched, so nothing typed is lost, whereas a timer could strike mid-form. The reload guard
 * ({@link claimAutomaticReload}) allows one automatic reload per 10 s per tab; when it refuses, the
 * toast stays and a later navigation tries again. Renders nothing; mount once, inside the router.
 */
export function VersionWatcher({ reload = reloadPage, fetchText = fetchNoCache, storage }: VersionWatcherProps) {
  const { pathname } = useLocation();
  const [newBuild, setNewBuild] = useState(false);
  const lastPath = useRef(pathname);
  const lastCheck = useRef(Number.NEGATIVE_INFINITY);
  const checking = useRef(false);

  const check = useCallback(() => {
    if (checking.current) return;
    checking.current = true;
    lastCheck.current = Date.now();
    void findChangedBuilds(fetchText)
      .then((changed) => {
        if (changed.length > 0) setNewBuild(true);
      })
      .finally(() => {
        checking.current = false;
      });
  }, [fetchText]);

  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    if (newBuild) {
      if (claimAutomaticReload(storage)) reload();
    } else if (Date.now() - lastCheck.current >= NAVIGATION_CHECK_MS) {
      check();
    }
  }, [pathname, newBuild, check, reload, storage]);

  useEffect(() => {
    if (newBuild) return undefined;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') check();
    }, PERIODIC_CHECK_MS);
    return () => window.clearInterval(timer);
  }, [newBuild, check]);

  useEffect(() => {
    if (!newBuild) return;
    // No cleanup: the toast stays until the page reloads (a key makes a second call a no-op).
    enqueueSnackbar(t.version.newBuild, {
      key: TOAST_KEY,
      preventDuplicate: true,
      persist: true,
      variant: 'info',
      action: (
        <Button color="inherit" size="small" onClick={reload} sx={{ marginInlineStart: 2, whiteSpace: 'nowrap' }}>
          {t.version.reload}
        </Button>
      ),
    });
  }, [newBuild, reload]);

  return null;
}
