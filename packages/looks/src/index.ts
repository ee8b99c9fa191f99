// @drape/looks: the one owner of a look (generated_images): its row mapper, its queries and its
// status changes. Everything else reads and changes looks through this package.
export {};
