/**
 * The sign-in's side at the identity provider (openid-client): discovering it, and redeeming a callback's code
 * for who signed in. What to make of the answer (verified? allowed?) is auth.ts's.
 */
import * as oidc from "openid-client";

import type { ServiceSettings } from "./settings.ts";

/** What a sign-in sent the provider, to be checked against its answer. */
export interface Expected {
  state: string;
  nonce: string;
  verifier: string;
}

/** The claims the service reads, as the provider gave them: anything, until checked. */
export interface Identity {
  email: unknown;
  emailVerified: unknown;
  name: unknown;
}

/**
 * Client authentication at the token endpoint with the client secret: HTTP Basic, the OpenID Connect default and
 * what a provider assumes for a client registered without choosing, unless the provider lists only the POST form.
 */
function secretAuthentication(secret: string): oidc.ClientAuth {
  const basic = oidc.ClientSecretBasic(secret);
  const post = oidc.ClientSecretPost(secret);
  return (server, client, body, headers) => {
    const methods = server.token_endpoint_auth_methods_supported;
    const useBasic =
      methods === undefined || methods.includes("client_secret_basic") || !methods.includes("client_secret_post");
    (useBasic ? basic : post)(server, client, body, headers);
  };
}

/**
 * An error and its causes, for the log: openid-client's own message is general ("invalid response encountered");
 * its cause says what, as an error or, from a provider, as the body it answered with.
 */
export function message(error: unknown): string {
  if (error instanceof Error)
    return error.cause === undefined ? error.message : `${error.message}: ${message(error.cause)}`;
  return typeof error === "object" ? JSON.stringify(error) : String(error);
}

/** The provider's configuration, by discovery at EDIT_OIDC_ISSUER; an error naming the setting if it fails. */
export async function discoverProvider(settings: ServiceSettings): Promise<oidc.Configuration> {
  const issuer = new URL(settings.issuer);
  try {
    return await oidc.discovery(issuer, settings.clientId, undefined, secretAuthentication(settings.clientSecret), {
      // The settings admit an http:// issuer on the loopback only (a test's provider).
      execute: issuer.protocol === "http:" ? [oidc.allowInsecureRequests] : [],
    });
  } catch (error) {
    throw new Error(
      `EDIT_OIDC_ISSUER: the identity provider at ${settings.issuer} could not be discovered: ${message(error)}`,
    );
  }
}

/** Redeems the code the provider sent to `answered` (the callback's address) and reads who signed in. */
export async function identityOf(config: oidc.Configuration, answered: URL, expected: Expected): Promise<Identity> {
  const tokens = await oidc.authorizationCodeGrant(config, answered, {
    pkceCodeVerifier: expected.verifier,
    expectedState: expected.state,
    expectedNonce: expected.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error("the provider sent no ID token");
  const { email, email_verified: emailVerified, name } = claims;
  // Google puts these in the ID token; other providers (oidc-provider by default) only in userinfo.
  if (typeof email === "string" && typeof emailVerified === "boolean" && typeof name === "string")
    return { email, emailVerified, name };
  const userInfo = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
  return {
    email: typeof email === "string" ? email : userInfo.email,
    emailVerified: typeof emailVerified === "boolean" ? emailVerified : userInfo.email_verified,
    name: typeof name === "string" ? name : userInfo.name,
  };
}
