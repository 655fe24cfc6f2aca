import { viewerWatermark } from '../../../src/modules/commerce/viewer-watermark';

describe('viewerWatermark', () => {
  it('hides the middle of a mobile, Iranian ones in their national form', () => {
    expect(viewerWatermark({ mobile: '+989121234567', email: 'user@example.com' })).toBe('0912***4567');
    expect(viewerWatermark({ mobile: '+447911123456', email: 'user@example.com' })).toBe('+447***3456');
  });

  it('hides all but the first two letters of the email name, or all but one of a short name', () => {
    expect(viewerWatermark({ mobile: null, email: 'user@example.com' })).toBe('us***@example.com');
    expect(viewerWatermark({ mobile: null, email: 'ab@example.com' })).toBe('a***@example.com');
    expect(viewerWatermark({ mobile: null, email: 'a@example.com' })).toBe('a***@example.com');
  });
});
