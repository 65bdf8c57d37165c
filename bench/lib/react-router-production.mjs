// `node --import` this file: react-router resolves to its production build, as in the server bundle
// (scripts/build.mjs maps it there). The bench children run the edge's source through tsx, where the
// package's own exports would give them its development build.
import { register } from 'node:module';

register('./react-router-production-hooks.mjs', import.meta.url);
