// The admin area's schemas, answers and messages (settings-and-admin).
export * from './session';
export * from './audit';
export * from './stats';
export * from './settings';
export * from './gallery';
export * from './blocked';
export * from './users';
export * from './generator';
export * from './batch';
export * from './showcase';
export * from './answers';
