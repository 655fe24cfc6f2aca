import { makeStore } from '@shop/api-client';
import { errorCatalogue } from '../errors/error-catalogue';
import '../errors/page-error-slice';

/** The site's one Redux store (DESIGN.md: owned by the shell), with the error catalogue. */
export const store = makeStore(undefined, [errorCatalogue.middleware]);
