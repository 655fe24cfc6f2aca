import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BoughtProduct, User } from '@shop/contracts';

/** The authenticated-user store of SPEC §3. `checked` turns true once the first answer came. */
export interface AuthState {
  user: User | null;
  buyedProducts: BoughtProduct[];
  checked: boolean;
}

const initialState: AuthState = { user: null, buyedProducts: [], checked: false };

/** Signed-in user and bought products. */
export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    /** SPEC §3: the bought-products list is replaced only when the incoming data includes it. */
    userReceived(state, action: PayloadAction<{ user: User; buyedProducts?: BoughtProduct[] }>) {
      state.user = action.payload.user;
      if (action.payload.buyedProducts) state.buyedProducts = action.payload.buyedProducts;
      state.checked = true;
    },
    /** Clears the user after logout, a 401 or a failed first check. */
    signedOut(state) {
      state.user = null;
      state.buyedProducts = [];
      state.checked = true;
    },
  },
  selectors: {
    selectCurrentUser: (state) => state.user,
    selectBoughtProducts: (state) => state.buyedProducts,
    selectAuthChecked: (state) => state.checked,
  },
});

export const { userReceived, signedOut } = authSlice.actions;
export const { selectCurrentUser, selectBoughtProducts, selectAuthChecked } = authSlice.selectors;
