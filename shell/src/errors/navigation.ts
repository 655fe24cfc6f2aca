import { useEffect } from 'react';
import { useNavigate, type NavigateFunction } from '@shop/router';

let navigateRef: NavigateFunction | null = null;

/** Lets code outside React (the error catalogue) navigate; set by {@link NavigationBridge}. */
function setNavigate(navigate: NavigateFunction | null): void {
  navigateRef = navigate;
}

/** Navigates with the router when it is mounted, else with a full page load. */
export function navigateTo(path: string): void {
  if (navigateRef) navigateRef(path);
  else window.location.assign(path);
}

/** Mounted inside the router: hands its `navigate` to {@link navigateTo} while it lives. Renders nothing. */
export function NavigationBridge(): null {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigate(navigate);
    return () => setNavigate(null);
  }, [navigate]);
  return null;
}
