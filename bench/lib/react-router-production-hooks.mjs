// The module hooks of react-router-production.mjs (they run on the loader's thread).
const production = new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url).href;

export async function resolve(specifier, context, next) {
  return specifier === 'react-router' ? { url: production, format: 'module', shortCircuit: true } : next(specifier, context);
}
