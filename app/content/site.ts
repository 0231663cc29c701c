import type { NavLink } from "./types";

export const site = {
  agentName: "Ines Calloway",
  agencyName: "Calloway Artists",
  tagline: "Representing film directors and photographers for advertising, editorial and branded entertainment.",
  copyrightYear: 2020,
  /** Artists' Instagram links are this plus the handle. The demo's handles are fictional, so it points
   * at a reserved .example host; a real agency sets "https://www.instagram.com/". */
  instagramBaseUrl: "https://instagram.example/",
  nav: [
    { label: "Directors", href: "/artists/directors" },
    { label: "Photographers", href: "/artists/photographers" },
    { label: "Collective Reels", href: "/collective-reels" },
    { label: "Clients", href: "/clients" },
    { label: "Biography", href: "/biography" },
    { label: "Contact", href: "/contact" },
  ],
} as const satisfies {
  agentName: string;
  agencyName: string;
  tagline: string;
  copyrightYear: number;
  instagramBaseUrl: string;
  nav: readonly NavLink[];
};
