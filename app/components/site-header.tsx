import { Link, NavLink } from "@remix-run/react";

import type { NavLink as NavItem } from "#app/content/types.ts";

import { MobileMenu } from "./mobile-menu.tsx";
import { SelectsLink } from "./selects-link.tsx";

interface SiteHeaderProps {
  agentName: string;
  nav: readonly NavItem[];
}

export function SiteHeader({ agentName, nav }: SiteHeaderProps) {
  return (
    <header className="relative z-20 border-b border-line print:hidden">
      <div className="mx-auto flex max-w-screen-2xl flex-wrap items-center justify-between gap-6 px-5 py-5 md:px-10 md:py-7">
        <Link to="/" className="text-sm font-semibold uppercase tracking-label text-paper md:text-base">
          {agentName}
        </Link>
        <div className="ml-auto flex items-center gap-7">
          <nav aria-label="Main" className="hidden md:block">
            <ul className="flex gap-7 text-[13px] uppercase tracking-label">
              {nav.map((item) => (
                <li key={item.href}>
                  <NavLink
                    to={item.href}
                    prefetch="intent"
                    className={({ isActive }) =>
                      isActive
                        ? "text-paper underline decoration-1 underline-offset-8"
                        : "text-muted transition-colors hover:text-paper"
                    }
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <SelectsLink />
        </div>
        <MobileMenu nav={nav} />
      </div>
    </header>
  );
}
