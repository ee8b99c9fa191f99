export * from './errors';
export * from './tier-policy';
export * from './username';
export * from './auth';
export * from './user';
export * from './catalogue';
export * from './admin';
export * from './generation';
