export { loadConfig, withConcretePort, type Config, type TrustProxy } from './config';
