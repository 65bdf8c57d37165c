// The router state the browser hydrates from (react-router's HydrationState), with route errors in a
// JSON form the client revives (client/hydration.ts). Stacks are never sent.
import { isRouteErrorResponse, type StaticHandlerContext } from 'react-router';

/** Only the stable code travels; messages are for the logs. */
const codeOf = (data: unknown): string =>
  typeof (data as { code?: unknown } | null)?.code === 'string' ? (data as { code: string }).code : 'ERROR';

export function hydrationState(context: StaticHandlerContext): unknown {
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
