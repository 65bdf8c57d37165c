// The like form's protocol between the article's like button and the like action.

/** The like form's id: the like's no-JavaScript redirect comes back to it. */
export const LIKE_ANCHOR = 'like';

/**
 * Like without JavaScript: post/redirect/get. The action answers 303 to the article with one of these
 * set (so reload and Back do not post again), and the article shows the like as done.
 */
export const LIKED_PARAM = { like: 'liked', unlike: 'unliked' } as const;
/** What a like/unlike action that did not redirect answers: the service refused it. */
export interface LikeResult {
  ok: false;
  /** What the article still is: liked by this visitor or not. */
  liked: boolean;
}
