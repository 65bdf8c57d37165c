// The like form's protocol between the article's like button and the like action.

/** The like form's id: the like's no-JavaScript redirect comes back to it. */
export const LIKE_ANCHOR = 'like';

/**
 * Like without JavaScript: post/redirect/get. The action answers 303 to the article with one of these
 * set (so reload and Back do not post again), and the article shows the like as done.
 */
export const LIKED_PARAM = { like: 'liked', unlike: 'unliked' } as const;
/** Hidden field the like button adds once its script runs: the answer then comes as data, not a redirect. */
export const LIKE_REPLY_FIELD = 'reply';
export const LIKE_REPLY_INLINE = 'inline';

/** What a like/unlike action answers. */
export interface LikeResult {
  ok: boolean;
  liked: boolean;
  likes: number;
}
