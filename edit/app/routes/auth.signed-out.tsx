/**
 * GET /auth/signed-out, where the sign-out ends: a page anyone may open, without a session (the service's
 * container asks it as its health check, deploy/edit-service/Dockerfile).
 */
import type { MetaFunction } from "@remix-run/node";

import { AUTH_PATHS } from "#edit/views/editing-paths.ts";
import { ErrorPage } from "../components/error-page.tsx";
import { WITHOUT_SESSION } from "../page-handle.ts";

export { onlyGetOrHead as action, pageHeaders as headers } from "../loaders/auth.server.ts";

export const handle = WITHOUT_SESSION;

export default function SignedOutPage() {
  return (
    <>
      <h1>Signed out</h1>
      <p>You are signed out of the editing service.</p>
      <p>
        <a href={AUTH_PATHS.signIn}>Sign in</a>.
      </p>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Signed out — editing" }];

export const ErrorBoundary = ErrorPage;
