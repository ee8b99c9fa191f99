export { freePort, loadConfig, withConcretePort, type AdminListener, type Config, type TrustProxy } from './config';
