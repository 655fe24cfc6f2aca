/** @jest-environment-options {"url": "http://127.0.0.1:45107"} */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { aUser, currentLocation, renderPage } from '@shop/test-utils';
import commerceModule from '../module';
import CartMenuSlot from './cart-menu-slot';
import ShoppingCartPage from './shopping-cart-page';

describe('CartMenuSlot (header.cart-menu)', () => {
  it('is one compact cart button that leads to the shopping cart', async () => {
    renderPage(<CartMenuSlot />, { url: '/' });
    const button = screen.getByRole('link', { name: 'سبد خرید' });
    expect(button.textContent).toBe('');
    expect(button.getAttribute('href')).toBe('/shopping-cart');
    // A native hover hint: the header keeps MUI's Tooltip (and Popper) off the first paint.
    expect(button.getAttribute('title')).toBe('سبد خرید');
    fireEvent.click(button);
    await waitFor(() => expect(currentLocation()).toBe('/shopping-cart'));
  });
});

describe('ShoppingCartPage (/shopping-cart)', () => {
  it('honestly shows an empty cart with a way to the products', () => {
    renderPage(<ShoppingCartPage />, { url: '/shopping-cart', user: aUser() });
    expect(screen.getByRole('heading', { level: 1, name: 'سبد خرید' })).toBeTruthy();
    expect(screen.getByText('سبد خرید شما خالی است')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'مشاهده دوره‌ها' }).getAttribute('href')).toBe('/products');
  });

  it('is behind the signed-in gate in the contract', () => {
    expect(commerceModule.publicRoutes.find((route) => route.path === '/shopping-cart')?.guard).toBe('signed-in');
    expect(Object.keys(commerceModule.slots).sort()).toEqual(['header.cart-menu', 'home.latest-products']);
  });
});
