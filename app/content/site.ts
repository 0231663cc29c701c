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
  /** Each section page's <title> (before " — agent's name") and its search/preview description. */
  pages: {
    "/artists/directors": {
      title: "Film & Content Directors",
      description:
        "Film and commercial directors represented by Calloway Artists: moving image, campaigns and branded content.",
    },
    "/artists/photographers": {
      title: "Photographers",
      description:
        "Photographers represented by Calloway Artists: fashion, portrait, still life and campaign photography.",
    },
    "/collective-reels": {
      title: "Collective Reels",
      description:
        "Showreels of the Calloway Artists collective: the 2021 and 2020 reels and the collective reel.",
    },
    "/clients": {
      title: "Clients",
      description: "Brands and agencies that have worked with Calloway Artists' directors and photographers.",
    },
    "/biography": {
      title: "Biography",
      description:
        "About Ines Calloway, founder of Calloway Artists, and what directors, producers and clients say about working with her.",
    },
    "/contact": {
      title: "Contact",
      description:
        "Contact Calloway Artists in New York: studio address, telephone and e-mail for bookings and press.",
    },
  },
} as const satisfies {
  agentName: string;
  agencyName: string;
  tagline: string;
  copyrightYear: number;
  instagramBaseUrl: string;
  nav: readonly NavLink[];
  pages: Record<string, { title: string; description: string }>;
};
