// The domain: what every part of Drape agrees on, whatever the screen or the call: the catalog,
// the tiers and referral rules, the severity scale, usernames and text, and the error codes with
// their messages (one table). Each area's schemas are a subpath: `@drape/contracts/<area>`.
export * from './text';
export * from './html';
export * from './errors';
export * from './tier-policy';
export * from './referral-policy';
export * from './username';
export * from './catalog';
export * from './severity';
export * from './answers';
export * from './look-picture';
