/**
 * A real OpenID provider for the editing service's tests (oidc-provider on a loopback port), so sign-in is tested
 * against the protocol as a provider speaks it, with no network. One confidential client; a few users; the
 * library's development login form, which takes any password; no consent page; PKCE required, as the service uses it.
 *
 * By default, as oidc-provider (and Keycloak, Okta) do, the ID token carries only `sub` and the email and name come
 * from userinfo; `emailInIdToken` puts them in the ID token, as Google does.
 */
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

import { Provider, type Configuration, type KoaContextWithOIDC } from "oidc-provider";

export interface TestUser {
  email: string;
  name: string;
  emailVerified: boolean;
}

/** The provider's accounts: the login form takes a user's email as its login. */
export const TEST_USERS = {
  ada: { email: "ada@agency.example", name: "Ada Producer", emailVerified: true },
  ben: { email: "ben@agency.example", name: "Ben Coordinator", emailVerified: true },
  unverified: { email: "una@agency.example", name: "Una Unverified", emailVerified: false },
  outsider: { email: "outsider@elsewhere.example", name: "Otto Outsider", emailVerified: true },
} as const satisfies Record<string, TestUser>;

/**
 * oidc-provider's development login form (`devInteractions`): a POST to its own URL with a hidden `prompt=login`,
 * the login (a user's email) and any password. Selectors for a browser, field names for a hand-made POST.
 */
export const LOGIN_FORM = {
  fields: { prompt: "prompt", login: "login", password: "password" },
  selectors: { login: 'input[name="login"]', password: 'input[name="password"]', submit: 'button[type="submit"]' },
} as const;

export interface OidcProviderOptions {
  /** The client's registered redirect URIs: a service's `{EDIT_PUBLIC_URL}/auth/callback`. */
  redirectUris: string[];
  /** Email and name in the ID token, as Google sends them (default: in userinfo only). */
  emailInIdToken?: boolean;
  /** The loopback port to listen on (default: any free one); an end-to-end spec keeps to its own range of ports. */
  port?: number;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

const users: readonly TestUser[] = Object.values(TEST_USERS);

function findAccount(_context: KoaContextWithOIDC, id: string) {
  const user = users.find(({ email }) => email === id.toLowerCase());
  if (!user) return undefined;
  return {
    accountId: user.email,
    // The provider keeps, of these, what the granted scopes and the token's use allow.
    claims: () => ({ sub: user.email, email: user.email, email_verified: user.emailVerified, name: user.name }),
  };
}

/**
 * The grant a first-party client gets without asking: every scope it may ask for, so the provider never shows
 * its consent page (issue 50: the agency's own service, not a third party).
 */
async function loadExistingGrant(context: KoaContextWithOIDC) {
  const { oidc } = context;
  if (!oidc.client || !oidc.session?.accountId) return undefined;
  const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
  if (grantId) return oidc.provider.Grant.find(grantId);
  const grant = new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId });
  grant.addOIDCScope("openid email profile");
  await grant.save();
  return grant;
}

export async function startOidcProvider({
  redirectUris,
  emailInIdToken = false,
  port = 0,
}: OidcProviderOptions): Promise<TestOidcProvider> {
  const server = createServer();
  server.listen(port, "127.0.0.1");
  await once(server, "listening");
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = "edit-service";
  const clientSecret = randomBytes(24).toString("base64url");

  // Keys of its own rather than the library's development keys, which it announces on every start.
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    findAccount,
    loadExistingGrant,
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    conformIdTokenClaims: !emailInIdToken,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    jwks: { keys: [{ ...privateKey.export({ format: "jwk" }), kid: "test", alg: "RS256", use: "sig" }] },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    // Lifetimes of its own, in seconds, rather than the defaults it announces using: a test's sign-in is short.
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
  };
  const provider = new Provider(issuer, configuration);
  server.on("request", provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    async stop() {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}
