/**
 * GET /auth/callback, where the identity provider sends a sign-in back: on to the page it started from, signed
 * in; or a page saying why not (too late or another browser's, failed: 400; not allowed: 403), the sign-in's
 * cookie cleared either way.
 */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import type { SignInRefusal } from "#edit/server/editing-context.ts";
import { AUTH_PATHS } from "#edit/views/editing-paths.ts";
import { ErrorPage } from "../components/error-page.tsx";
import type { callbackLoader } from "../loaders/auth.server.ts";
import { WITHOUT_SESSION } from "../page-handle.ts";

export { callbackLoader as loader, onlyGet as action, pageHeaders as headers } from "../loaders/auth.server.ts";

export const handle = WITHOUT_SESSION;

/** A refusal in words: the page's title, what happened, and whether signing in again may help. */
function why(refusal: SignInRefusal): { title: string; text: string; again: boolean } {
  switch (refusal.reason) {
    case "expired":
      return {
        title: "Sign-in expired",
        text: `This sign-in took longer than ${refusal.minutes} minutes or was started in another browser.`,
        again: true,
      };
    case "failed":
      return { title: "Sign-in failed", text: "The sign-in did not complete.", again: true };
    case "no email":
      return { title: "Not allowed", text: "Your identity provider gave no email address.", again: false };
    case "unverified":
      return {
        title: "Not allowed",
        text: `Your identity provider has not verified ${refusal.address}.`,
        again: false,
      };
    case "not allowed":
      return {
        title: "Not allowed",
        text: `${refusal.address} may not edit here. Ask whoever runs this service to add it.`,
        again: false,
      };
  }
}

export default function CallbackPage() {
  const { title, text, again } = why(useLoaderData<typeof callbackLoader>());
  return (
    <>
      <h1>{title}</h1>
      <p>{text}</p>
      {again && (
        <p>
          <a href={AUTH_PATHS.signIn}>Sign in again</a>.
        </p>
      )}
    </>
  );
}

export const meta: MetaFunction<typeof callbackLoader> = ({ data }) => [
  { title: `${data ? why(data).title : "Sign-in"} — editing` },
];

export const ErrorBoundary = ErrorPage;
