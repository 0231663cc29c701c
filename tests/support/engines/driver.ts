import { type ChildProcess, spawn } from "node:child_process";

/**
 * What the cross-engine journeys (journeys.ts) ask of a browser: a few verbs that Firefox (over
 * WebDriver BiDi, gecko.ts) and WebKitGTK (over WebDriver, webkit.ts) both offer, so each journey is
 * written once and runs in both.
 */
export interface EngineDriver {
  /** Loads a page of the site by its path and waits for its load event. */
  goto(path: string): Promise<void>;
  /** Runs `fn` in the page with JSON arguments and returns its JSON result. */
  run<T, A extends unknown[]>(fn: (...args: A) => T, ...args: A): Promise<Awaited<T>>;
  /** A real click on the first element the selector matches (a user's gesture, as media need). */
  click(selector: string): Promise<void>;
  /** Moves the real mouse pointer to a point of the page's viewport. */
  moveMouse(x: number, y: number): Promise<void>;
  /**
   * Makes the page's viewport this wide (and 900 px high), or as near as the browser's window
   * allows; returns the width it became.
   */
  resize(width: number): Promise<number>;
  /** Console errors, uncaught errors and CSP violations of every page loaded so far. */
  problems(): Promise<string[]>;
  close(): Promise<void>;
}

export interface Engine {
  name: string;
  /** Why the engine cannot run on this machine, or undefined when it can. */
  missing(): string | undefined;
  /** A new browser on the site, asking for reduced motion or not. */
  open(options: { baseURL: string; reducedMotion: boolean }): Promise<EngineDriver>;
  /**
   * Where the engine can keep visitors apart inside one browser: a new visitor, with no cookies,
   * storage or cache, in a browser the process keeps for the next (the journeys; the bench wants a
   * fresh browser each time).
   */
  visit?(options: { baseURL: string; reducedMotion: boolean }): Promise<EngineDriver>;
}

/**
 * Reports CSP violations, uncaught errors and the page's console errors into `window.__problems`:
 * run in each new document (Firefox reports a CSP violation only as this event, and WebKit's
 * driver shows no console at all).
 */
export function watchForProblems() {
  const page = window as Window & { __problems?: string[] };
  if (page.__problems) return;
  const problems: string[] = (page.__problems = []);
  document.addEventListener("securitypolicyviolation", (event) =>
    problems.push(`${location.pathname}: CSP ${event.effectiveDirective} blocked ${event.blockedURI}`),
  );
  window.addEventListener("error", (event) => problems.push(`${location.pathname}: ${event.message}`));
  const consoleError = console.error;
  console.error = (...args: unknown[]) => {
    problems.push(`${location.pathname}: console: ${args.map(String).join(" ")}`);
    consoleError(...args);
  };
}

export const VIEWPORT_HEIGHT = 900;

/**
 * A virtual X display for a headed browser (headless Firefox reports no hover and no fine pointer,
 * and WebKitGTK needs a display). Xvfb picks a free display number itself (-displayfd), so several
 * can run side by side.
 */
export async function startXvfb(): Promise<{ display: string; stop: () => void }> {
  const xvfb: ChildProcess = spawn("Xvfb", ["-displayfd", "3", "-screen", "0", "1920x1200x24", "-nolisten", "tcp"], {
    stdio: ["ignore", "ignore", "ignore", "pipe"],
  });
  const display = await new Promise<string>((resolve, reject) => {
    let text = "";
    xvfb.stdio[3]!.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes("\n")) resolve(`:${text.trim()}`);
    });
    xvfb.once("error", reject);
    xvfb.once("exit", (code) => reject(new Error(`Xvfb exited (${code}) before it gave its display`)));
  });
  return { display, stop: () => xvfb.kill() };
}
