// postman-collection ships its typings in types/ without pointing package.json at them.
// oxlint-disable-next-line typescript/triple-slash-reference -- a path, not a package: nothing to import
/// <reference path="../node_modules/postman-collection/types/index.d.ts" />
