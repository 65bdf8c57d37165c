// The shape of the content a database (and its files folder) holds. A database seeded by an older
// version — numeric ids in links, `/file/...` paths, word dictionary values — is rebuilt on start
// (db/open.ts), so a developer never has to delete data/ by hand. Raise it whenever stored content
// or file paths change shape.
export const CONTENT_VERSION = '6-open-vessels';
