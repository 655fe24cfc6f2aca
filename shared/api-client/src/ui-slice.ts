import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * Shared UI state of SPEC §3. The colour scheme is kept by the ui kit (MUI's colour-scheme
 * store, default dark), so it is not repeated here.
 */
export interface UiState {
  sidebarOpen: boolean;
  layout: 'default' | 'dashboard';
  /** Upload progress in percent, 0–100; back to 0 once it reaches 100 (SPEC §3). */
  uploadProgress: number;
  loading: boolean;
}

const initialState: UiState = { sidebarOpen: false, layout: 'default', uploadProgress: 0, loading: true };

export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    sidebarToggled(state, action: PayloadAction<boolean | undefined>) {
      state.sidebarOpen = action.payload ?? !state.sidebarOpen;
    },
    layoutChanged(state, action: PayloadAction<UiState['layout']>) {
      state.layout = action.payload;
    },
    uploadProgressed(state, action: PayloadAction<number>) {
      const percent = Math.max(0, Math.min(100, Math.round(action.payload)));
      state.uploadProgress = percent >= 100 ? 0 : percent;
    },
    loadingChanged(state, action: PayloadAction<boolean>) {
      state.loading = action.payload;
    },
  },
  selectors: {
    selectSidebarOpen: (state) => state.sidebarOpen,
    selectLayout: (state) => state.layout,
    selectUploadProgress: (state) => state.uploadProgress,
    selectLoading: (state) => state.loading,
  },
});

export const { sidebarToggled, layoutChanged, uploadProgressed, loadingChanged } = uiSlice.actions;
export const { selectSidebarOpen, selectLayout, selectUploadProgress, selectLoading } = uiSlice.selectors;
