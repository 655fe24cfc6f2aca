/**
 * Facade entries that only remotes import (`@shop/ui-kit/date-pickers`). Webpack's federation
 * provides a shared module only when the build imports it, so the shell references them here: the
 * host then provides them built on its own MUI and emotion, and the Jalali date-time picker of a
 * remote takes the shell's RTL theme and colour mode. Never called: the chunks load only when a
 * remote's page asks for them. (`@shop/ui-kit/charts` needs no entry here: the shell's dashboard
 * home imports it itself, for its sales chart.)
 */
export const remoteOnlyFacadeEntries = [() => import('@shop/ui-kit/date-pickers')];
