// What the visitor-message and questionnaire forms share (both are islands). They are plain POST forms:
// the edge checks what was sent, answers 303 on success, and otherwise the page again with the errors
// said and the visitor's input kept (a failed send, the write limit and a refused answer included). Once
// the island is live this hook adds:
// - the same shared rules, checked in the browser before anything is sent (the first field in error
//   gets the focus), and again as the visitor corrects them;
// - one submission at a time: the button shows it is sending and a second press sends nothing (the edge
//   also drops a repeated form key); a page restored from the back/forward cache is ready again.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { FormRejection } from '../../shared/message-form.ts';
import type { FieldError } from '../../shared/validation.ts';

interface FormGuard {
  errors: FieldError[];
  /** Why the last send could not go through (shown until the visitor tries again). */
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

export function useFormGuard(
  /** The edge's answer to the last send, as the server rendered it (the page after a refused POST). */
  posted: FormRejection<unknown> | undefined,
  check: (form: HTMLFormElement) => FieldError[],
): FormGuard {
  // A ref, not state: the second click of a double click arrives before React re-renders.
  const inFlight = useRef(false);
  const [sending, setSending] = useState(false);
  const [found, setFound] = useState<FieldError[] | null>(null);

  // Back to a page the browser kept (bfcache): the send it was making is over, the form is usable again.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      inFlight.current = false;
      setSending(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  const errors = found ?? posted?.errors ?? [];

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
    // Valid: the browser sends the form itself; the edge's answer is the next page.
    inFlight.current = true;
    setFound([]);
    setSending(true);
  };

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    if (errors.length > 0) setFound(check(event.currentTarget));
  };

  const retried = found !== null;
  return {
    errors,
    failure: retried ? undefined : posted?.failure,
    detail: retried ? undefined : posted?.detail,
    sending,
    retried,
    onSubmit,
    onChange,
  };
}
