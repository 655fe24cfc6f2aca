import { giftCardRedeemSchema, giftCardSchema, walletAdjustmentSchema } from './wallet-schemas';
import { validate } from './validate';

describe('wallet schemas', () => {
  it('reads a gift card code typed with Persian digits, spaces and a dash, in any case', async () => {
    expect(await validate(giftCardRedeemSchema, { code: ' hedieh-۱۰۰ ' })).toEqual({ ok: true, value: { code: 'HEDIEH100' } });
  });

  it('refuses a code with Persian letters, and an empty one, in Persian', async () => {
    const persian = await validate(giftCardRedeemSchema, { code: 'هدیه۱۰۰' });
    expect(persian.ok).toBe(false);
    expect(!persian.ok && persian.errors.code?.[0]).toMatch(/حروف انگلیسی/);
    const empty = await validate(giftCardRedeemSchema, { code: '' });
    expect(!empty.ok && empty.errors.code?.[0]).toMatch(/الزامی/);
  });

  it('lets a new card leave its code and expiry empty, and refuses an expiry in the past', async () => {
    expect(await validate(giftCardSchema, { code: '', amount: '۱۰۰٬۰۰۰', expires_at: '' })).toEqual({
      ok: true,
      value: { amount: 100_000, expires_at: null },
    });
    const past = await validate(giftCardSchema, { amount: 1000, expires_at: '2020-01-01T00:00:00Z' });
    expect(!past.ok && past.errors.expires_at?.[0]).toBeTruthy();
    const short = await validate(giftCardSchema, { code: 'AB', amount: 1000 });
    expect(!short.ok && short.errors.code?.[0]).toBeTruthy();
  });

  it('asks staff for a direction, a whole amount of at least one toman and a reason', async () => {
    const bad = await validate(walletAdjustmentSchema, { direction: 'gift', amount: '0', reason: ' ' });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && Object.keys(bad.errors).sort()).toEqual(['amount', 'direction', 'reason']);
    expect(await validate(walletAdjustmentSchema, { direction: 'debit', amount: '۵۰۰۰', reason: 'اصلاح' })).toEqual({
      ok: true,
      value: { direction: 'debit', amount: 5000, reason: 'اصلاح' },
    });
  });
});
