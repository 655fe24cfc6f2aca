import { useCallback } from 'react';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { PREFERENCE_COOKIE_PREFIX } from '@shop/contracts';

/**
 * Device preferences that change what a page shows (issue 9): kept in cookies named
 * `pref_<name>`, so the server renders a page as this device will show it (an announcement closed
 * here stays closed in the HTML), and mirrored in the store, which the server fills from the
 * request and the browser from the page's state or, in the client-rendered app, its cookies.
 */
export type PreferencesState = Record<string, string>;

/** How long a preference cookie lives, seconds (a year). */
const PREFERENCE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The preference cookies of this browser; none on the server, where the render passes them. */
function cookiePreferences(): PreferencesState {
  if (typeof document === 'undefined') return {};
  const preferences: PreferencesState = {};
  for (const pair of document.cookie.split(/;\s*/)) {
    const at = pair.indexOf('=');
    const name = pair.slice(0, at);
    if (at > 0 && name.startsWith(PREFERENCE_COOKIE_PREFIX)) {
      preferences[name.slice(PREFERENCE_COOKIE_PREFIX.length)] = decodeURIComponent(pair.slice(at + 1));
    }
  }
  return preferences;
}

export const preferencesSlice = createSlice({
  name: 'preferences',
  initialState: cookiePreferences,
  reducers: {
    /** The request's preference cookies, by name without the prefix (the server's render). */
    preferencesReceived(_state, action: PayloadAction<PreferencesState>) {
      return action.payload;
    },
    preferenceChanged(state, action: PayloadAction<{ name: string; value: string }>) {
      state[action.payload.name] = action.payload.value;
    },
  },
});

export const { preferencesReceived, preferenceChanged } = preferencesSlice.actions;

/**
 * A device preference and its setter, which keeps it in its cookie (a year, the whole site,
 * SameSite=Lax) and in the store.
 * @param name the preference's name, without {@link PREFERENCE_COOKIE_PREFIX}
 * @returns the value, or undefined when this device has none
 */
export function usePreference(name: string): [string | undefined, (value: string) => void] {
  const value = useSelector((state: { preferences: PreferencesState }) => state.preferences[name]);
  const dispatch = useDispatch();
  const set = useCallback(
    (next: string) => {
      document.cookie = `${PREFERENCE_COOKIE_PREFIX}${name}=${encodeURIComponent(next)}; path=/; max-age=${PREFERENCE_MAX_AGE_S}; samesite=lax`;
      dispatch(preferenceChanged({ name, value: next }));
    },
    [dispatch, name],
  );
  return [value, set];
}
