/** Delay before redirecting after login, register or logout (SPEC §4/§9), in milliseconds. */
export const AUTH_REDIRECT_DELAY_MS = 3000;
