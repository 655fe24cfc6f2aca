import { api } from '@shop/api-client';
import type { AuthTokenAnswer, LoggedInUserInfo } from '@shop/contracts';

/** Body of `POST /api/auth/login` (DESIGN.md "Auth"): password with email or mobile. */
export type LoginBody = { password: string } & ({ email: string } | { mobile: string });

/** Body of `POST /api/auth/register`. */
export interface RegisterBody {
  full_name: string;
  email: string;
  password: string;
  password_confirmation: string;
  mobile?: string;
  way_of_knowing_our_website?: string;
}

/** The auth calls of SPEC §7. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<AuthTokenAnswer, LoginBody>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    }),
    register: build.mutation<AuthTokenAnswer, RegisterBody>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
    }),
    logout: build.mutation<{ message: string }, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
    }),
    loggedInUserInfo: build.mutation<LoggedInUserInfo, void>({
      query: () => ({ url: '/auth/logged-in-user-info', method: 'POST' }),
    }),
  }),
});

export const { useLoginMutation, useRegisterMutation, useLogoutMutation, useLoggedInUserInfoMutation } = authApi;
