// Like / unlike an article: a POST form (the route action calls doStarByArcId or cancelStarByActId) that
// answers 303 to the article saying what was done (`?liked=1`, back at the button's anchor), so reload
// and Back never post it again and the count shown is the service's own. A like the service refused
// brings the page back with a word of why.
import { useActionData } from 'react-router';
import { LIKE_ANCHOR, type LikeResult } from '../../shared/like.ts';
import { useT } from '../i18n.tsx';
import Button from './Button.tsx';

const LIKE_INTENT = 'intent';

const isLikeResult = (value: unknown): value is LikeResult => typeof value === 'object' && value !== null && 'liked' in value;

/** `liked`: what the like that led here did (its redirect says so); null when nothing did. */
export default function LikeButton({ id, likes, liked = null }: { id: string; likes: number; liked?: boolean | null }) {
  const t = useT();
  const refused = useActionData();
  const failed = isLikeResult(refused);
  const shownLiked = failed ? refused.liked : liked === true;

  return (
    <form method="post" action={`#${LIKE_ANCHOR}`} className="like" id={LIKE_ANCHOR}>
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name={LIKE_INTENT} value={shownLiked ? 'unlike' : 'like'} />
      <Button type="submit" variant={shownLiked ? 'primary' : 'default'} className="like__button" aria-pressed={shownLiked}>
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
      <span className="like__count">{t('detail.likes', { n: likes })}</span>
      {failed && (
        <span className="like__error" role="alert">
          {t('detail.likeFailed')}
        </span>
      )}
    </form>
  );
}
