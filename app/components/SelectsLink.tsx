import { NavLink } from "@remix-run/react";

import { artistCount, selectsPath } from "~/lib/selects";
import { useSelects } from "~/lib/selectsStore";

/**
 * The header's link to the working list's selects page, with its count. The server renders it
 * without a count (the list is on the visitor's device); the count's box is reserved, so nothing
 * moves when it appears after hydration.
 */
export function SelectsLink() {
  const selects = useSelects() ?? [];
  const count = selects.length;
  return (
    <NavLink
      to={selectsPath(selects)}
      aria-label={count > 0 ? `Selects: ${artistCount(count)}` : undefined}
      className={({ isActive }) =>
        `flex items-baseline text-[13px] uppercase tracking-label ${
          isActive
            ? "text-paper underline decoration-1 underline-offset-8"
            : "text-muted transition-colors hover:text-paper"
        }`
      }
    >
      Selects
      <span aria-hidden="true" data-selects-count className="ml-1.5 inline-block min-w-[2ch] tabular-nums text-paper">
        {count > 0 ? count : ""}
      </span>
    </NavLink>
  );
}
