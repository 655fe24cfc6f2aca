import type { NavigateFunction } from '@shop/router';

let navigateRef: NavigateFunction | null = null;

/** Lets code outside React (the error catalogue) navigate; set by `NavigationBridge`. */
export function setNavigate(navigate: NavigateFunction | null): void {
  navigateRef = navigate;
}

/** Navigates with the router when it is mounted, else with a full page load. */
export function navigateTo(path: string): void {
  if (navigateRef) navigateRef(path);
  else window.location.assign(path);
}
