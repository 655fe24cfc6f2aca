import { enqueueSnackbar } from '@shop/ui-kit';
import { useAddToCartMutation } from './cart-api';

/**
 * Adds a course to the cart (`POST /api/cart`), a signed-in user's or a visitor's (issue 25: the
 * server makes a visitor's cart on the first add, kept by its cookie, and merges it into their
 * own when they sign in), and toasts the server's Persian message. A refusal is shown by the
 * shell's error catalogue (SPEC §8): a 422 (already in the cart, already bought, unavailable)
 * toasts the server's message.
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
