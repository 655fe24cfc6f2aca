/**
 * Facade entries that only remotes import (`@shop/ui-kit/charts`, `@shop/ui-kit/date-pickers`).
 * Webpack's federation provides a shared module only when the build imports it, so the shell
 * references them here: the host then provides them built on its own MUI and emotion, and the
 * charts and the Jalali date-time picker of a remote take the shell's RTL theme and colour mode.
 * Never called: the chunks load only when a remote's page asks for them.
 */
export const remoteOnlyFacadeEntries = [() => import('@shop/ui-kit/charts'), () => import('@shop/ui-kit/date-pickers')];
