/**
 * What the server gives every loader as Remix's load context (server/instance.ts builds it). Unit
 * tests call loaders with an empty one, so each member is optional and a loader reads a missing one
 * as "no".
 */
import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /**
     * Whether `token` names a recipient link that counts now (docs/privacy.md): never throws, and is
     * false when analytics or recipient links are off, or the link is unknown, revoked or expired.
     */
    recipientLink?: (token: string) => Promise<boolean>;
  }
}
