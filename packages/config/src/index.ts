export { freePort, loadConfig, logSettings, withConcretePort, SETTING_NAMES, type AdminListener, type Config, type TrustProxy } from './config';
export { ENV_FILE, readEnvFile } from './env-file';
