import { NavLink } from "@remix-run/react";

import { artistNoun, selectsPath } from "#app/lib/selects.ts";
import { useSelects } from "#app/lib/selects-store.ts";

/**
 * The header's link to the working list's selects page, with its count. The server renders it
 * without a count (the list is on the visitor's device); the count's box is reserved, so nothing
 * moves when it appears after hydration. Its name is its visible text, "Selects 2", with "artists"
 * for screen readers only: a name that did not contain the visible text (WCAG 2.5.3 Label in Name)
 * would fail a visitor who speaks what they see to a voice control.
 */
export function SelectsLink() {
  const selects = useSelects() ?? [];
  const count = selects.length;
  return (
    <NavLink
      to={selectsPath(selects)}
      className={({ isActive }) =>
        `flex items-baseline text-[13px] uppercase tracking-label ${
          isActive
            ? "text-paper underline decoration-1 underline-offset-8"
            : "text-muted transition-colors hover:text-paper"
        }`
      }
    >
      Selects
      <span data-selects-count className="ml-1.5 inline-block min-w-[2ch] tabular-nums text-paper">
        {count > 0 ? count : ""}
      </span>
      {count > 0 && <span className="sr-only">{` ${artistNoun(count)}`}</span>}
    </NavLink>
  );
}
