/**
 * The pages a session opens (/edit/views, /edit/links, /edit/saves), under one layout without a path of its own: its loader
 * sends a request without an editor to sign in. The resource routes (/edit/api/…) refuse one themselves (401,
 * editingOf), as the screens do before.
 */
import { Outlet } from "@remix-run/react";

export { editorLoader as loader } from "../loaders/editor.server.ts";

export default function EditorPages() {
  return <Outlet />;
}
