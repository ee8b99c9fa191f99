// @drape/looks: the one owner of a look (generated_images): its row mapper, its queries and its
// status changes. Everything else reads and changes looks through this package
// (docs/decisions/0026-looks-package.md).
export * from './row-mapper';
export * from './look-pieces';
export * from './reads';
export * from './gallery-plan';
export * from './status';
export * from './insert';
export * from './effects';
export * from './clones';
export * from './files';
export * from './scores';
