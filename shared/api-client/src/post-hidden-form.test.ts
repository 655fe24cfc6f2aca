/**
 * @jest-environment ../../jest.jsdom-env.js
 * @jest-environment-options {"url": "http://127.0.0.1:25128"}
 */
import type { CheckoutAnswer } from '@shop/contracts';
import { postHiddenForm, startPayment } from './post-hidden-form';

interface Submitted {
  method: string;
  action: string;
  target: string;
  hidden: boolean;
  inDocument: boolean;
  fields: Array<[string, string, string]>;
}

const submitted: Submitted[] = [];
beforeAll(() => {
  // jsdom does not navigate: record what the browser would have posted instead.
  HTMLFormElement.prototype.submit = function submit(this: HTMLFormElement) {
    submitted.push({
      method: this.method,
      action: this.action,
      target: this.target,
      hidden: this.hidden === true,
      inDocument: document.body.contains(this),
      fields: [...this.querySelectorAll('input')].map((input) => [input.name, input.type, input.value]),
    });
  };
});
beforeEach(() => submitted.splice(0));

describe('postHiddenForm (SPEC §7)', () => {
  it('posts a hidden form with the token field into a new tab, then removes it', () => {
    const form = postHiddenForm('/api/payments/start', { token: 'tok-123' });
    expect(submitted).toEqual([
      {
        method: 'post',
        action: 'http://127.0.0.1:25128/api/payments/start',
        target: '_blank',
        hidden: true,
        inDocument: true,
        fields: [['token', 'hidden', 'tok-123']],
      },
    ]);
    expect(document.body.contains(form)).toBe(false);
    expect(document.querySelectorAll('form')).toHaveLength(0);
  });

  it('takes another target and several fields', () => {
    postHiddenForm('https://gateway.example/pay', { token: 'a', lang: 'fa' }, 'payment-tab');
    expect(submitted[0]).toMatchObject({ action: 'https://gateway.example/pay', target: 'payment-tab', fields: [['token', 'hidden', 'a'], ['lang', 'hidden', 'fa']] });
  });
});

describe('startPayment (issue 6)', () => {
  const answer = (payment: CheckoutAnswer['payment']) => ({ order: { id: 42 }, payment }) as CheckoutAnswer;

  it("opens the gateway's form with the token and answers the order's page", () => {
    expect(startPayment(answer({ action: '/api/payments/start', token: 'tok-9' } as CheckoutAnswer['payment']))).toBe('/shopping-cart?order_id=42');
    expect(submitted).toMatchObject([{ action: 'http://127.0.0.1:25128/api/payments/start', target: '_blank', fields: [['token', 'hidden', 'tok-9']] }]);
  });

  it('opens nothing when nothing is left to pay, and still answers the order\'s page', () => {
    expect(startPayment(answer(null))).toBe('/shopping-cart?order_id=42');
    expect(submitted).toEqual([]);
  });
});
