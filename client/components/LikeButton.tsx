// Like / unlike an article. A real POST form (the route action calls doStarByArcId or
// cancelStarByActId), so it works without JavaScript: the action answers 303 to the article saying
// what was done (`?liked=1`), so reload and Back never post it again. With JavaScript the form asks
// for the answer as data (LIKE_REPLY_FIELD), the count updates in place and the browser remembers
// which articles this visitor liked (localStorage, read after hydration so the server-rendered HTML
// and the first client render agree).
import { useEffect, useState } from 'react';
import { useActionData, useFetcher } from 'react-router';
import { isActionUnsent } from '../../shared/data-protocol.ts';
import { LIKE_ANCHOR, LIKE_REPLY_FIELD, LIKE_REPLY_INLINE, type LikeResult } from '../../shared/like.ts';
import { useT } from '../i18n.tsx';
import Button from './Button.tsx';

export const LIKE_INTENT = 'intent';
/** The like count the page showed when the button was pressed. */
export const LIKES_SHOWN = 'likes';

const storageKey = (id: string) => `museum:liked:${id}`;

function readLiked(id: string): boolean {
  try {
    return window.localStorage.getItem(storageKey(id)) === '1';
  } catch {
    return false;
  }
}

function writeLiked(id: string, liked: boolean): void {
  try {
    if (liked) window.localStorage.setItem(storageKey(id), '1');
    else window.localStorage.removeItem(storageKey(id));
  } catch {
    // Private mode or storage full: the like still counted; only the memory of it is lost.
  }
}

function isLikeResult(value: unknown): value is LikeResult {
  return typeof value === 'object' && value !== null && 'likes' in value && 'liked' in value;
}

/** `liked`: what a like without JavaScript just did (its redirect says so); null when nothing did. */
export default function LikeButton({ id, likes, liked = null }: { id: string; likes: number; liked?: boolean | null }) {
  const t = useT();
  const fetcher = useFetcher<LikeResult>();
  // A document POST without JavaScript comes back with the action's answer as action data.
  const posted = useActionData();
  // The edge's latest answer; everything shown is derived from it in the same render (no state
  // copied by effects, which would show the old state for a frame and could lose the new one).
  const answer = isLikeResult(fetcher.data) ? fetcher.data : isLikeResult(posted) ? posted : null;
  // What this browser remembers, read after hydration so the first render equals the server's HTML.
  const [remembered, setRemembered] = useState(false);
  // Set once the script runs: from then on the form asks for its answer as data.
  const [scripted, setScripted] = useState(false);
  useEffect(() => {
    setScripted(true);
    setRemembered(readLiked(id));
  }, [id]);
  useEffect(() => {
    if (answer?.ok) writeLiked(id, answer.liked);
    else if (answer === null && liked !== null) writeLiked(id, liked);
  }, [answer, id, liked]);

  const busy = fetcher.state !== 'idle';
  // While the post is on its way, show what it asks for (the count moves by one at once).
  const pending = fetcher.state === 'submitting' ? fetcher.formData?.get(LIKE_INTENT) : null;
  const settledLiked = answer?.ok ? answer.liked : (liked ?? remembered);
  const settledLikes = answer?.ok ? answer.likes : likes;
  const shownLiked = pending ? pending === 'like' : settledLiked;
  const shownLikes = pending === 'like' ? settledLikes + 1 : pending === 'unlike' ? Math.max(0, settledLikes - 1) : settledLikes;
  // The edge refused the like, or the post never reached it (offline, too many tries).
  const failed = !busy && ((answer !== null && !answer.ok) || isActionUnsent(fetcher.data));

  return (
    <fetcher.Form method="post" className="like" id={LIKE_ANCHOR}>
      <input type="hidden" name="id" value={id} />
      {scripted && <input type="hidden" name={LIKE_REPLY_FIELD} value={LIKE_REPLY_INLINE} />}
      {/* The count shown: services that answer a like with a code alone get the new count from it. */}
      <input type="hidden" name={LIKES_SHOWN} value={settledLikes} />
      <input type="hidden" name={LIKE_INTENT} value={shownLiked ? 'unlike' : 'like'} />
      <Button type="submit" variant={shownLiked ? 'primary' : 'default'} className="like__button" aria-pressed={shownLiked} loading={busy}>
        <svg className="like__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            d="M12 21s-7.5-4.6-9.5-9.4C1.2 8.4 3.3 5 6.7 5c2 0 3.4 1.1 4.3 2.4h2C13.9 6.1 15.3 5 17.3 5c3.4 0 5.5 3.4 4.2 6.6C19.5 16.4 12 21 12 21z"
            fill={shownLiked ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="1.8"
          />
        </svg>
        {shownLiked ? t('detail.unlike') : t('detail.like')}
      </Button>
      <span className="like__count" aria-live="polite">
        {t('detail.likes', { n: shownLikes })}
      </span>
      {failed && (
        <span className="like__error" role="alert">
          {t('detail.likeFailed')}
        </span>
      )}
    </fetcher.Form>
  );
}
