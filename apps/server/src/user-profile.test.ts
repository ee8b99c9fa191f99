import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing/harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ PROMO_CODES: 'STYLE:stylist' });
});
afterAll(() => s.close());

describe('GET and PATCH /api/user/profile', () => {
  it('needs a session', async () => {
    expect(await s.call('GET', '/api/user/profile')).toMatchObject({ status: 401, body: { error: 'unauthorized', message: 'Please log in to continue' } });
  });

  it('saves the profile form and answers the updated user', async () => {
    const u = await s.register();
    const patch = { firstName: 'Ada ', lastName: 'King', username: u.username, dateOfBirth: '1990-12-10', gender: 'female', country: 'United Kingdom', bio: 'Loves tweed.' };
    const res = await s.call('PATCH', '/api/user/profile', patch, { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: 'Ada', lastName: 'King', dateOfBirth: '1990-12-10', gender: 'female', country: 'United Kingdom', bio: 'Loves tweed.' });
    const again = await s.call('GET', '/api/user/profile', undefined, { token: u.token });
    expect(again.body.dateOfBirth).toBe('1990-12-10');
  });

  it('refuses a username change, empty names, a child, and unknown options, changing nothing', async () => {
    const u = await s.register();
    const rename = await s.call('PATCH', '/api/user/profile', { username: 'someone_else' }, { token: u.token });
    expect(rename).toMatchObject({ status: 400, body: { error: 'invalid_username', message: 'Username cannot be changed after account creation' } });
    const empty = await s.call('PATCH', '/api/user/profile', { firstName: '  ' }, { token: u.token });
    expect(empty).toMatchObject({ status: 400, body: { message: 'firstName: First name is required' } });
    const young = new Date(Date.now() - 5 * 365 * 86_400_000).toISOString().slice(0, 10);
    expect((await s.call('PATCH', '/api/user/profile', { dateOfBirth: young }, { token: u.token })).body.message).toBe('You must be at least 13 years old.');
    expect((await s.call('PATCH', '/api/user/profile', { country: 'Atlantis' }, { token: u.token })).status).toBe(400);
    expect((await s.call('PATCH', '/api/user/profile', { tier: 'fashion_icon' }, { token: u.token })).status).toBe(400);
    expect((await s.call('PATCH', '/api/user/profile', { bio: 'x'.repeat(501) }, { token: u.token })).status).toBe(400);
    const after = await s.call('GET', '/api/user/profile', undefined, { token: u.token });
    expect(after.body).toMatchObject({ username: u.username, firstName: 'Ada', tier: 'enthusiast', dateOfBirth: null, country: null });
  });

  it('saves style vibe and body shape for a Stylist and refuses them for an Enthusiast', async () => {
    const enthusiast = await s.register();
    const refused = await s.call('PATCH', '/api/user/profile', { styleVibe: 'Elegant', bodyShape: 'Hourglass' }, { token: enthusiast.token });
    expect(refused).toMatchObject({ status: 403, body: { error: 'tier_required' } });
    const stylist = await s.register({ promoCode: 'STYLE' });
    const saved = await s.call('PATCH', '/api/user/profile', { styleVibe: 'Elegant', bodyShape: 'Hourglass' }, { token: stylist.token });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ styleVibe: 'elegant', bodyShape: 'hourglass' });
    const unknown = await s.call('PATCH', '/api/user/profile', { styleVibe: 'Gothic' }, { token: stylist.token });
    expect(unknown).toMatchObject({ status: 400, body: { error: 'invalid_input', message: 'Unknown style vibe: Gothic' } });
    const cleared = await s.call('PATCH', '/api/user/profile', { styleVibe: null }, { token: stylist.token });
    expect(cleared.body).toMatchObject({ styleVibe: null, bodyShape: 'hourglass' });
  });

  it('saves a skin tone from GET /api/skin-tones on its own for a Stylist, refuses it for an Enthusiast and refuses an unknown one', async () => {
    const tones = await s.call('GET', '/api/skin-tones');
    expect(tones.body).toEqual([{ id: 'fair', name: 'Fair' }, { id: 'medium', name: 'Medium' }, { id: 'deep', name: 'Deep' }]);
    const enthusiast = await s.register();
    const refused = await s.call('PATCH', '/api/user/profile', { skinTone: 'medium' }, { token: enthusiast.token });
    expect(refused).toMatchObject({ status: 403, body: { error: 'tier_required', message: 'Style vibe, skin tone and body shape personalization starts at the Stylist tier.' } });
    expect((await s.call('GET', '/api/user/profile', undefined, { token: enthusiast.token })).body).toMatchObject({ skinTone: null });

    const stylist = await s.register({ promoCode: 'STYLE' });
    // One choice alone is a valid save: the other two stay unset.
    const saved = await s.call('PATCH', '/api/user/profile', { skinTone: 'medium' }, { token: stylist.token });
    expect(saved).toMatchObject({ status: 200, body: { skinTone: 'medium', styleVibe: null, bodyShape: null } });
    const unknown = await s.call('PATCH', '/api/user/profile', { skinTone: 'Olive' }, { token: stylist.token });
    expect(unknown).toMatchObject({ status: 400, body: { error: 'invalid_input', message: 'Unknown skin tone: Olive' } });
    expect((await s.call('GET', '/api/user/profile', undefined, { token: stylist.token })).body).toMatchObject({ skinTone: 'medium' });
    const cleared = await s.call('PATCH', '/api/user/profile', { skinTone: '' }, { token: stylist.token });
    expect(cleared.body).toMatchObject({ skinTone: null });
  });

  it('only ever changes the caller: another user is untouched', async () => {
    const a = await s.register();
    const b = await s.register();
    await s.call('PATCH', '/api/user/profile', { bio: 'mine', id: b.user.id }, { token: a.token });
    const bProfile = await s.call('GET', '/api/user/profile', undefined, { token: b.token });
    expect(bProfile.body.bio).toBeNull();
  });
});

describe('POST /api/user/geolocation-preferences', () => {
  it('saves the shopping region and the profile shows it', async () => {
    const u = await s.register();
    const body = { geolocationEnabled: false, preferredCountry: 'GB', preferredDomains: { google: 'google.co.uk', amazon: 'amazon.co.uk' } };
    const res = await s.call('POST', '/api/user/geolocation-preferences', body, { token: u.token });
    expect(res.status).toBe(200);
    const profile = await s.call('GET', '/api/user/profile', undefined, { token: u.token });
    expect(profile.body).toMatchObject({ geolocationEnabled: false, preferredCountry: 'GB', preferredDomains: { google: 'google.co.uk', amazon: 'amazon.co.uk' } });
    const auto = await s.call('POST', '/api/user/geolocation-preferences', { geolocationEnabled: true, preferredCountry: null, preferredDomains: { google: null, amazon: null } }, { token: u.token });
    expect(auto.body.user).toMatchObject({ preferredCountry: null, preferredDomains: { google: null, amazon: null } });
  });

  it('refuses an unknown country or a malformed domain', async () => {
    const u = await s.register();
    const country = await s.call('POST', '/api/user/geolocation-preferences', { geolocationEnabled: true, preferredCountry: 'ZZ', preferredDomains: { google: null, amazon: null } }, { token: u.token });
    expect(country).toMatchObject({ status: 400, body: { error: 'invalid_input' } });
    const domain = await s.call('POST', '/api/user/geolocation-preferences', { geolocationEnabled: true, preferredCountry: 'US', preferredDomains: { google: 'javascript:alert(1)', amazon: null } }, { token: u.token });
    expect(domain.status).toBe(400);
  });
});
