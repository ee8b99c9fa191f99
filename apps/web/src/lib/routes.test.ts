import { describe, expect, it } from 'vitest';
import { safeReturnUrl } from './return-url';
import { routes, withQuery } from './routes';

describe('routes', () => {
  it('builds the LookBook link of a gender and a trend or a color, encoded', () => {
    expect(routes.lookbook({ gender: 'female', trend: 'quiet-luxury' })).toBe('/lookbook?gender=female&trend=quiet-luxury');
    expect(routes.lookbook({ gender: 'male', color: 'blue' })).toBe('/lookbook?gender=male&color=blue');
    expect(routes.lookbook({ trend: 'a&b c/d' })).toBe('/lookbook?trend=a%26b+c/d');
    expect(routes.lookbook()).toBe('/lookbook');
  });

  it('sends a visitor to sign in with where to come back, and a referral with its member', () => {
    const back = routes.auth({ returnUrl: '/outfit/6f1c?x=1&y=2' });
    expect(back).toBe('/auth?returnUrl=/outfit/6f1c%3Fx%3D1%26y%3D2');
    const origin = 'https://drape.example';
    expect(safeReturnUrl(new URL(back, origin).searchParams.get('returnUrl'), '/dashboard', origin)).toBe('/outfit/6f1c?x=1&y=2');
    expect(routes.auth({ ref: 'style queen' })).toBe('/auth?ref=style+queen');
    expect(routes.auth()).toBe('/auth');
  });

  it('leaves out values that are not set', () => {
    expect(withQuery('/lookbook', { gender: undefined, trend: '', color: 'red' })).toBe('/lookbook?color=red');
    expect(routes.sharedOutfit('6f1c')).toBe('/outfit/6f1c');
  });
});
