import { createSlice, rootReducer, type PayloadAction } from '@shop/api-client';

/**
 * The error page a failed page load shows instead of the page (SPEC §2/§8): 404, 429 or 5xx; 503
 * is the 5xx page's own reading for a service that is briefly away (issue 23), sent with Retry-After.
 */
export type PageErrorStatus = 404 | 429 | 500 | 503;

export const pageErrorSlice = createSlice({
  name: 'pageError',
  initialState: { status: null as PageErrorStatus | null },
  reducers: {
    pageErrorRaised(state, action: PayloadAction<PageErrorStatus>) {
      state.status = action.payload;
    },
    pageErrorCleared(state) {
      state.status = null;
    },
  },
  selectors: { selectPageError: (state) => state.status },
});

declare module '@shop/api-client' {
  interface LazyLoadedSlices {
    pageError: ReturnType<typeof pageErrorSlice.reducer>;
  }
}

export const injectedPageErrorSlice = pageErrorSlice.injectInto(rootReducer);
export const { pageErrorRaised, pageErrorCleared } = pageErrorSlice.actions;
export const { selectPageError } = injectedPageErrorSlice.selectors;
