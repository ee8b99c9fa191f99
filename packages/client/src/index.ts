export { appErrorCode, errorMessage, httpStatus, isNetworkError, retryAfterSeconds } from './app-error';
