/** What a route's `handle` tells the app's document (root.tsx's Layout) about its page. */
export interface PageHandle {
  /**
   * A page anyone may open, signed in or not (the sign-in's): without the editing links, which need a session,
   * and without Remix's scripts, which its Content-Security-Policy would not let run.
   */
  withoutSession?: boolean;
  /**
   * Keystatic's screen (/keystatic): Keystatic's own script draws it, its own landmarks included, so the
   * document gives it no `main`, no look of the editing pages' and none of Remix's scripts, only the
   * editing links after it (SCREEN_NAV_STYLE).
   */
  screen?: boolean;
}

export const WITHOUT_SESSION: PageHandle = { withoutSession: true };

export const SCREEN: PageHandle = { screen: true };

/** What the route matched last says of its page, from its `handle`. */
export const pageHandle = (matches: { handle?: unknown }[]): PageHandle =>
  (matches.at(-1)?.handle as PageHandle | undefined) ?? {};
