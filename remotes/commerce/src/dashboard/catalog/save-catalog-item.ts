import type { FormikHelpers } from 'formik';
import { api, uploadProgressed, uploadWithProgress, useAppDispatch } from '@shop/api-client';
import type { ApiErrorBody } from '@shop/contracts';
import { showSaveFailure } from '@shop/forms';
import { useNavigate } from '@shop/router';
import { wholeNumberField } from '@shop/validation';
import { enqueueSnackbar } from '@shop/ui-kit';

/** A form field's value as the multipart body carries it; a file is sent only when one was chosen. */
export type MultipartValue = string | number | boolean | File | null;

/**
 * The multipart body of the dashboard's create and update calls (issue 6 API): text as it is,
 * numbers in Latin digits, booleans as "true"/"false", and only the files that were chosen, so
 * an update without a new file keeps the current one.
 */
export function toMultipart(values: Record<string, MultipartValue>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (value instanceof File) body.append(name, value, value.name);
    else if (value !== null) body.append(name, typeof value === 'string' ? value.trim() : String(value));
  }
  return body;
}

/** The shared whole-number rule (SPEC §5 "integer") with no bounds: the forms' schemas check the bounds. */
const wholeNumber = wholeNumberField('', { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });

/** A whole number as typed in any digits («۱۲۰٬۰۰۰» → 120000), or null while it is not one. */
export function readWholeNumber(typed: string): number | null {
  if (!wholeNumber.isValidSync(typed)) return null;
  return wholeNumber.cast(typed) ?? null;
}

/** Where a catalog form saves and what follows a success. */
export interface CatalogSaveTarget {
  /** API section under `/api/dashboard`: `products` or `product-sessions`. */
  section: 'products' | 'product-sessions';
  /** The item's id when editing, null when creating. */
  id: number | null;
  /** Cache tags refreshed after a save. */
  tags: Array<'Product' | 'ProductSession'>;
  /** The list page opened after a save. */
  listPath: string;
  /** The success toast. */
  saved: string;
}

/**
 * The submit handler of a course or session form: creates (`POST`) or updates (`PUT`) the item
 * as multipart with the shared upload progress (0–100, SPEC §3), then refreshes the lists,
 * opens the list with a toast; a failure shows the server's Persian messages in the form
 * (per field on 422) and keeps everything typed.
 * @param toBody turns the form's values into the multipart fields
 */
export function useSaveCatalogItem<V>(target: CatalogSaveTarget, toBody: (values: V) => Record<string, MultipartValue>) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return async (values: V, helpers: FormikHelpers<V>) => {
    helpers.setStatus({});
    const base = `/api/dashboard/${target.section}`;
    const { status, data } = await uploadWithProgress<Partial<ApiErrorBody>>({
      url: target.id === null ? base : `${base}/${target.id}`,
      method: target.id === null ? 'POST' : 'PUT',
      body: toMultipart(toBody(values)),
      onProgress: (percent) => dispatch(uploadProgressed(percent)),
    });
    dispatch(uploadProgressed(0));
    if (status === 200 || status === 201) {
      dispatch(api.util.invalidateTags(target.tags));
      navigate(target.listPath);
      enqueueSnackbar(target.saved, { variant: 'success' });
      return;
    }
    await showSaveFailure({ status, message: data?.message, errors: data?.errors }, helpers);
  };
}
