// Reads the router state the server embedded as JSON (`<script type="application/json" id="__rr-data">`;
// no inline executable script, so the CSP stays `script-src 'self'`) and revives route errors.
import { UNSAFE_ErrorResponseImpl, type HydrationState } from 'react-router';
import { HYDRATION_ELEMENT_ID } from '../shared/dom-ids.ts';

interface SerializedError {
  __type: 'RouteErrorResponse' | 'Error';
  status?: number;
  statusText?: string;
  data?: unknown;
  internal?: boolean;
  message?: string;
}

function revive(value: unknown): unknown {
  const v = value as SerializedError | null;
  if (v?.__type === 'RouteErrorResponse')
    return new UNSAFE_ErrorResponseImpl(v.status ?? 500, v.statusText ?? '', v.data, v.internal === true);
  if (v?.__type === 'Error') return new Error(v.message ?? 'error');
  return value;
}

export function readHydrationData(doc: Document = document): HydrationState | undefined {
  const text = doc.getElementById(HYDRATION_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  const state = JSON.parse(text) as HydrationState;
  if (state.errors) {
    state.errors = Object.fromEntries(Object.entries(state.errors).map(([id, e]) => [id, revive(e)]));
  }
  return state;
}
