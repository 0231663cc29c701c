/**
 * Asking the editing server again while something it reports is still moving (a save on its way to the
 * public site, media being made), for the screen's fields and the editing pages alike.
 */
import { useEffect, useRef } from "react";

/** Soon enough for an editor watching her screen; the server answers from memory. */
const ASK_EVERY_MS = 2000;

/**
 * Calls `ask` 2 s after each `answer` while `pending`: `ask` brings a new answer, which schedules the next. A
 * hidden page asks nothing, and asks at once when it is shown again; nothing pending or unmounted, it stops.
 */
export function useAskAgain(answer: unknown, pending: boolean, ask: () => void): void {
  // The caller's latest `ask`, so that a new function on each render does not put the next ask off.
  const latest = useRef(ask);
  useEffect(() => {
    latest.current = ask;
  });

  useEffect(() => {
    if (!pending) return;
    let due = false;
    const askWhenShown = () => {
      due = document.visibilityState === "hidden";
      if (!due) latest.current();
    };
    const timer = setTimeout(askWhenShown, ASK_EVERY_MS);
    const shown = () => {
      if (due) askWhenShown();
    };
    document.addEventListener("visibilitychange", shown);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", shown);
    };
  }, [answer, pending]);
}
