/** Facade version; remotes declare the version they need (DESIGN.md "The remote contract"). */
export const UI_KIT_VERSION = '2.7.0';
