// The shopping queries and links live in @drape/client: the admin gallery builds the same links.
export { amazonSearchUrl, currencySymbol, googleShoppingUrl, priceDisplay, priceLevel, shoppingQuery, type ShoppingItem } from '@drape/client';
