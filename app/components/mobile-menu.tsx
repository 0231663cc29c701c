import { NavLink } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

import type { NavLink as NavItem } from "#app/content/types.ts";

const MENU_ID = "mobile-menu";

/**
 * The phone menu: a real button toggles the panel. Without JavaScript the button is hidden and
 * the panel always shows (see the <noscript> style in root.tsx), so every section stays reachable.
 */
export function MobileMenu({ nav }: { nav: readonly NavItem[] }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  return (
    <div data-mobile-menu className="md:hidden">
      <button
        ref={buttonRef}
        type="button"
        data-menu-button
        aria-expanded={open}
        aria-controls={MENU_ID}
        onClick={() => setOpen(!open)}
        className="-mr-2 flex h-11 w-11 items-center justify-center"
      >
        <span className="sr-only">Menu</span>
        <span aria-hidden="true" className="relative block h-3 w-6">
          <span
            className={`absolute left-0 block h-px w-6 bg-paper transition-transform ${open ? "top-1.5 rotate-45" : "top-0"}`}
          />
          <span
            className={`absolute left-0 block h-px w-6 bg-paper transition-transform ${open ? "top-1.5 -rotate-45" : "top-3"}`}
          />
        </span>
      </button>
      <nav
        id={MENU_ID}
        aria-label="Mobile"
        hidden={!open}
        className="absolute inset-x-0 top-full border-b border-line bg-ink px-5 pb-8 pt-4"
      >
        <ul className="flex flex-col">
          {nav.map((item) => (
            <li key={item.href}>
              <NavLink
                to={item.href}
                onClick={close}
                className={({ isActive }) => `block py-3 text-2xl font-light ${isActive ? "text-paper" : "text-muted"}`}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
