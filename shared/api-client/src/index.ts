/**
 * The API client facade (DESIGN.md "The remote contract"): Redux Toolkit, RTK Query,
 * react-redux and the one `createApi`, shared as a federation singleton. Apps reach those
 * libraries only through here. Grow by adding exports; bump `API_CLIENT_VERSION`.
 */
export const API_CLIENT_VERSION = '1.12.0';
export { api, TAG_TYPES } from './api';
export { createBaseQuery, setServerApiOrigin, CSRF_MISMATCH, type StoreRequestContext } from './base-query';
export { CSRF_COOKIE, CSRF_HEADER, readCsrfToken, refreshCsrfCookie } from './csrf';
export * from './auth-slice';
export * from './ui-slice';
export {
  preferencesReceived,
  usePreference,
  type PreferencesState,
} from './preferences-slice';
export * from './store';
export { claimApiError, isApiErrorClaimed, readApiError, type ApiErrorInfo } from './api-error';
export { uploadWithProgress, type UploadOptions, type UploadResult } from './upload-with-progress';
export { postHiddenForm, startPayment } from './post-hidden-form';
export { siteInformationApi, useSiteInformation } from './site-information-api';
export {
  createSlice,
  createSelector,
  createListenerMiddleware,
  isRejectedWithValue,
  type PayloadAction,
  type Middleware,
} from '@reduxjs/toolkit';
export { skipToken, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
export { Provider } from 'react-redux';
