export { createLogger, noChattierThan, type Logger, type LoggerOptions, type LogLevel, type LogRole } from './logger';
