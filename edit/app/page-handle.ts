/** What a route's `handle` tells the app's document (root.tsx's Layout) about its page. */
export interface PageHandle {
  /**
   * A page anyone may open, signed in or not (the sign-in's): without the editing links, which need a session,
   * and without Remix's scripts, which its Content-Security-Policy would not let run.
   */
  withoutSession?: boolean;
}

export const WITHOUT_SESSION: PageHandle = { withoutSession: true };

/** Whether a page is one anyone may open: the route matched last says, from its `handle`. */
export const isWithoutSession = (matches: { handle?: unknown }[]) =>
  (matches.at(-1)?.handle as PageHandle | undefined)?.withoutSession === true;
