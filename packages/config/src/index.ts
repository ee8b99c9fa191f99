export { loadConfig, mediaRoot, withConcretePort, type Config, type TrustProxy } from './config';
