/**
 * The load context a screen gives the editing app (edit/server/editing-context.ts), for a test of
 * some of its routes: `given` holds what the routes under test read; every other member refuses,
 * naming itself, so a route that reaches past what its test gave fails saying where.
 */
import type { AppLoadContext } from "@remix-run/node";

import { type EditingContext, loadContextOf } from "#edit/server/editing-context.ts";

const refused = (member: string) => () => Promise.reject(new Error(`this test gives the app no ${member}`));

export function editingContext(given: Partial<EditingContext>): AppLoadContext {
  return loadContextOf({
    editor: { name: "You", email: "local" },
    screen: {
      script: "/edit/screen.0123456789abcdef.js",
      previewOrigin: "",
      answer: () => {
        throw new Error("this test gives the app no screen's script");
      },
    },
    keystatic: refused("Keystatic API"),
    uploads: refused("uploads"),
    entryStatus: () => {
      throw new Error("this test gives the app no entry's status");
    },
    views: { content: () => ({ reels: {}, artists: {} }), figures: refused("figures"), now: () => new Date() },
    links: {
      open: refused("links' store"),
      settings: () => ({ recipientLinks: false, recipientRetentionDays: 30 }),
      siteUrl: "https://agency.example",
    },
    ...given,
  });
}
