export { freePort, loadConfig, logSettings, withConcretePort, type AdminListener, type Config, type TrustProxy } from './config';
