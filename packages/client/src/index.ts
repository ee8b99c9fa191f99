export { appErrorCode, errorMessage, httpStatus, isNetworkError, retryAfterSeconds } from './app-error';
export { amazonSearchUrl, currencySymbol, googleShoppingUrl, priceDisplay, priceLevel, shoppingQuery, type ShoppingItem } from './shopping';
