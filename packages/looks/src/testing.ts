// @drape/looks/testing: factories for tests that need looks in the database.
export {};
