import { combineSlices, configureStore, type Middleware } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { api } from './api';
import { authSlice } from './auth-slice';
import { uiSlice } from './ui-slice';
import { preferencesSlice } from './preferences-slice';
import type { StoreRequestContext } from './base-query';

/**
 * The root reducer. Remotes add their own slices at run time with
 * `rootReducer.inject(slice)` (Redux Toolkit's lazy-loading helpers).
 */
export const rootReducer = combineSlices(api, authSlice, uiSlice, preferencesSlice).withLazyLoadedSlices<LazyLoadedSlices>();

/** Slices that remotes inject; they extend this interface by declaration merging. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export type RootState = ReturnType<typeof rootReducer>;


/**
 * Creates the one Redux store (the shell's; tests and the stand-alone dev host make their
 * own). Extra middleware (the shell's error catalogue listener) goes after RTK Query's.
 * @param request on the server, whose cookies the API requests carry ({@link StoreRequestContext})
 */
export function makeStore(preloadedState?: Partial<RootState>, extraMiddleware: Middleware[] = [], request: StoreRequestContext = {}) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: request } }).concat(api.middleware, ...extraMiddleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

/** Typed `useDispatch`. */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
/** Typed `useSelector`. */
export const useAppSelector = useSelector.withTypes<RootState>();
