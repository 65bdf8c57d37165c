// The router state the browser hydrates from (react-router's HydrationState), with route errors in a
// JSON form the client revives (client/hydration.ts). Stacks are never sent.
import { isRouteErrorResponse, type StaticHandlerContext } from 'react-router';
import { ROOT_ROUTE_ID } from '../../client/frame.ts';
import { scriptJson } from './html.ts';

/** Only the stable code travels; messages are for the logs. */
const codeOf = (data: unknown): string =>
  typeof (data as { code?: unknown } | null)?.code === 'string' ? (data as { code: string }).code : 'ERROR';

export function hydrationState(context: StaticHandlerContext): { loaderData: unknown; actionData: unknown; errors: unknown } {
  const errors = context.errors
    ? Object.fromEntries(
        Object.entries(context.errors).map(([id, error]) => [
          id,
          isRouteErrorResponse(error)
            ? { __type: 'RouteErrorResponse', status: error.status, statusText: error.statusText, data: { code: codeOf(error.data) }, internal: false }
            : { __type: 'Error', message: 'error' },
        ]),
      )
    : null;
  return { loaderData: context.loaderData, actionData: context.actionData, errors };
}

/**
 * The channel tree's script JSON, written once per tree: the root loader hands out one frozen tree for as
 * long as its upstream answer is cached (server/loaders/root.ts), and at ~9 KB it was most of a list
 * page's state (stringifying and escaping it ~2 % of a render, CPU profile, stop 16).
 */
const treeJson = new WeakMap<object, string>();
const TREE_MARK = '\u0000channel tree\u0000';

/** The state as script-safe JSON (html.ts `scriptJson`), the frame's channel tree taken from treeJson. */
export function hydrationJson(context: StaticHandlerContext): string {
  const state = hydrationState(context);
  const frame = context.loaderData[ROOT_ROUTE_ID] as { channels?: unknown } | undefined;
  const tree = frame?.channels;
  if (typeof tree !== 'object' || tree === null || !Object.isFrozen(tree)) return scriptJson(state);
  let json = treeJson.get(tree);
  if (json === undefined) {
    json = scriptJson(tree);
    treeJson.set(tree, json);
  }
  // The frame is the first entry of loaderData and the tree follows only its flags, so the first
  // occurrence of the mark is the tree's place (replaced by a function: no `$` patterns).
  const marked = { ...state, loaderData: { ...context.loaderData, [ROOT_ROUTE_ID]: { ...frame, channels: TREE_MARK } } };
  const treeJsonText = json;
  return scriptJson(marked).replace(JSON.stringify(TREE_MARK), () => treeJsonText);
}
