// The state of the current page as the frame sees it: which route row, which leaf data, and whether
// the leaf failed (not-found or service error), so the frame can leave out banner and tabs.
import { useContext } from 'react';
import { UNSAFE_DataRouterStateContext, useMatches } from 'react-router';
import type { PageMeta, PageState } from '../../shared/head.ts';
import type { RouteDef } from '../../shared/route-table.ts';
import type { RouteHandle } from '../page-data.ts';
import { errorView } from './ErrorBoundaries.tsx';

interface PageInfo {
  def: RouteDef | undefined;
  state: PageState;
  meta: PageMeta | undefined;
}

export function usePageInfo(): PageInfo {
  const matches = useMatches();
  const routerState = useContext(UNSAFE_DataRouterStateContext);
  const leaf = matches[matches.length - 1];
  const def = (leaf?.handle as RouteHandle | undefined)?.def;
  const error = leaf ? routerState?.errors?.[leaf.id] : undefined;
  const state: PageState =
    def?.screen === 'notFound' ? 'notFound' : error === undefined ? 'ok' : errorView(error) === 'notFound' ? 'notFound' : 'error';
  const data = leaf?.data as { meta?: PageMeta } | undefined;
  return { def, state, meta: data && typeof data === 'object' ? data.meta : undefined };
}
