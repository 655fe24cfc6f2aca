import { useEffect, useRef } from 'react';
import { loginPathReturningTo, type ProductDetail } from '@shop/contracts';
import { selectAuthChecked, selectCurrentUser, useAppSelector } from '@shop/api-client';
import { useNavigate, useSearchParams } from '@shop/router';
import { enqueueSnackbar } from '@shop/ui-kit';
import { useAddToCartMutation } from './cart-api';

/** Query parameter of a course page: add this course to the cart now that the visitor signed in (issue 22 item 12). */
export const ADD_TO_CART_PARAM = 'add-to-cart';

/**
 * Adds a course to the signed-in user's cart (`POST /api/cart`) and toasts the server's Persian
 * message. A refusal is shown by the shell's error catalogue (SPEC §8): a visitor's 401 goes to
 * /login, a 422 (already in the cart, already bought, unavailable) toasts the server's message.
 * @returns `add(productId)`, which resolves true when the course was added, and whether a request is under way
 */
export function useAddToCart(): { add: (productId: number) => Promise<boolean>; isAdding: boolean } {
  const [addToCart, { isLoading }] = useAddToCartMutation();
  const add = async (productId: number) => {
    const result = await addToCart({ product_id: productId });
    if (!result.data) return false;
    enqueueSnackbar(result.data.message, { variant: 'success' });
    return true;
  };
  return { add, isAdding: isLoading };
}

/**
 * The buy button's click on a course page (issue 22 item 12): a signed-in user adds the course
 * with `add`; a visitor goes to the login page, which says why and then returns to
 * `/products/<id>?add-to-cart=1`. Back on that page signed in, the course is added once (unless it
 * is in the cart or bought already, or selling is off) and the parameter leaves the address.
 * @returns the click handler
 */
export function useAddToCartAfterLogin(
  product: Pick<ProductDetail, 'id' | 'in_cart' | 'is_bought'>,
  sellingEnabled: boolean,
  add: (productId: number) => Promise<boolean>,
): () => void {
  const checked = useAppSelector(selectAuthChecked);
  const user = useAppSelector(selectCurrentUser);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const handled = useRef(false);
  const wanted = params.has(ADD_TO_CART_PARAM);

  useEffect(() => {
    if (!wanted || !user || handled.current) return;
    handled.current = true;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(ADD_TO_CART_PARAM);
        return next;
      },
      { replace: true },
    );
    if (sellingEnabled && !product.in_cart && !product.is_bought) void add(product.id);
  }, [wanted, user, sellingEnabled, product, add, setParams]);

  return () => {
    if (checked && !user) navigate(loginPathReturningTo(`/products/${product.id}?${ADD_TO_CART_PARAM}=1`));
    else void add(product.id);
  };
}
