export { buildApp, type AppOptions } from './app';
export { createServices } from './services';
