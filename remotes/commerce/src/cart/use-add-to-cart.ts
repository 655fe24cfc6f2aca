import { enqueueSnackbar } from '@shop/ui-kit';
import { useAddToCartMutation } from './cart-api';

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
