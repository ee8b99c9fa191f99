export { boot, PREPARED_ENV, type Booted, type BootOptions, type Role } from './boot';
export { ensureMatrix } from './matrix';
export { openStorage } from './storage';
