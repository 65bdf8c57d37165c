// What the visitor-message and questionnaire forms share. Without JavaScript they are plain POST
// forms (the edge answers 303 or the page with the errors). With JavaScript this hook:
// - checks in the browser first, with the same shared rules the edge applies again;
// - sends one submission at a time (a double click sends once; the edge also drops a repeated key);
// - posts to the route's action itself (postToAction, the router's own transport) and keeps every
//   outcome inside the form: field errors, an upstream failure, the write limit (429) or a lost
//   connection each leave the typed input in place with its own message;
// - follows the edge's redirect with a client navigation (no page load), e.g. to the thank-you notice.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { DataAnswer } from '../../shared/data-protocol.ts';
import type { FormRejection } from '../../shared/message-form.ts';
import type { FieldError } from '../../shared/validation.ts';
import { postToAction } from '../data.ts';
import { useRouteDef } from '../frame.ts';

export interface FormGuard {
  errors: FieldError[];
  /** Why a valid form could not be sent (shown until the next try). */
  failure: FormRejection<unknown>['failure'];
  /** The service's own words when it refused the form. */
  detail: string | undefined;
  sending: boolean;
  /** The visitor has tried again since the page loaded (an earlier notice no longer applies). */
  retried: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onChange: (event: FormEvent<HTMLFormElement>) => void;
}

function focusField(form: HTMLFormElement, field: string): void {
  form.querySelector<HTMLElement>(`[name="${CSS.escape(field)}"]`)?.focus();
}

function isRejection(value: unknown): value is FormRejection<unknown> {
  return typeof value === 'object' && value !== null && Array.isArray((value as { errors?: unknown }).errors);
}

export function useFormGuard(
  /** The action's answer rendered by the server (a no-JavaScript POST), if any. */
  posted: FormRejection<unknown> | undefined,
  check: (form: HTMLFormElement) => FieldError[],
): FormGuard {
  const def = useRouteDef();
  const navigate = useNavigate();
  // A ref, not state: the second click of a double click arrives before React re-renders.
  const inFlight = useRef(false);
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<FormRejection<unknown> | null>(null);
  const [found, setFound] = useState<FieldError[] | null>(null);
  const rejection = answer ?? posted;

  // A new answer from the edge replaces what the browser found.
  useEffect(() => {
    setFound(null);
  }, [rejection]);

  const errors = found ?? rejection?.errors ?? [];

  async function send(form: HTMLFormElement, routeId: string): Promise<void> {
    let res: Response;
    try {
      res = await postToAction(new URL(form.action), routeId, new FormData(form));
    } catch {
      setAnswer({ errors: [], values: undefined, failure: 'upstream' });
      return;
    }
    const reply = (await res.json().catch(() => null)) as DataAnswer | null;
    if (reply?.type === 'redirect') {
      // Sent: the next page starts clean (its notice applies again).
      setAnswer(null);
      setFound(null);
      await navigate(reply.location, { preventScrollReset: true });
      return;
    }
    if (reply?.type === 'data' && isRejection(reply.data)) {
      setAnswer(reply.data);
      return;
    }
    setAnswer({ errors: [], values: undefined, failure: res.status === 429 ? 'rate_limited' : 'upstream' });
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (inFlight.current) {
      event.preventDefault();
      return;
    }
    const form = event.currentTarget;
    const list = check(form);
    if (list.length > 0) {
      event.preventDefault();
      setFound(list);
      focusField(form, list[0]!.field);
      return;
    }
    // Outside a route-table page (never expected) the browser posts the form itself.
    if (!def) return;
    event.preventDefault();
    inFlight.current = true;
    setFound([]);
    setSending(true);
    void send(form, def.id).finally(() => {
      inFlight.current = false;
      setSending(false);
    });
  };

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    if (errors.length > 0) setFound(check(event.currentTarget));
  };

  return {
    errors,
    failure: sending ? undefined : rejection?.failure,
    detail: sending ? undefined : rejection?.detail,
    sending,
    retried: answer !== null || found !== null,
    onSubmit,
    onChange,
  };
}
