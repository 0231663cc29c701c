import type { Reel } from "./types";

/** The three showreels, in the order /collective-reels lists them. Each slug is also its route. */
export const reels = [
  {
    slug: "collective-reel",
    title: "Calloway Artists Collective Reel",
    description: "A single cut across the whole Calloway Artists roster: directors, photographers and CGI talent side by side.",
    autoplay: false,
    controls: true,
    poster: "/images/reels/collective-reel.jpg",
    thumb: "/images/reels/collective-reel.webp",
    sources: [
      { src: "/videos/reels/collective-reel/master.m3u8", type: "application/x-mpegURL" },
      { src: "/videos/reels/collective-reel.mp4", type: "video/mp4" },
    ],
    duration: 30,
    spots: [
      { start: 0, artist: "mira-castell", client: "Meridian Water", title: "Low Tide" },
      { start: 6, artist: "parallax-foundry", client: "Vantor Motors", title: "Form Follows" },
      { start: 12, artist: "juno-adeyemi", client: "Auralis Audio", title: "Turn It Up" },
      { start: 18, artist: "the-northlight-collective", client: "Cascadia Outfitters", title: "Ridge Line" },
      { start: 24, artist: "elias-fenwick", client: "Halvorsen Automotive", title: "Black Ice" },
    ],
    uploadDate: "2021-09-14",
  },
  {
    slug: "reel-2020",
    title: "2020 Reel",
    description: "Highlights from the commercials, branded films and campaigns our artists made in 2020.",
    autoplay: false,
    controls: true,
    poster: "/images/reels/reel-2020.jpg",
    thumb: "/images/reels/reel-2020.webp",
    sources: [
      { src: "/videos/reels/reel-2020/master.m3u8", type: "application/x-mpegURL" },
      { src: "/videos/reels/reel-2020.mp4", type: "video/mp4" },
    ],
    duration: 30,
    spots: [
      { start: 0, artist: "rafael-quint", client: "Bramble & Oak", title: "Slow Pour" },
      { start: 6, artist: "lena-okoro-jonas-wilde", client: "Fizzwell", title: "Office Party" },
      { start: 12, artist: "theo-marchand", client: "Maison Verlaine", title: "Après" },
      { start: 18, artist: "callum-ashby", client: "Ravello Motors", title: "Open Road" },
      { start: 24, artist: "noor-haddad", client: "Mapleford Dairy", title: "Fourth Generation" },
    ],
    uploadDate: "2020-12-10",
  },
  {
    slug: "reel-2021",
    title: "2021 Reel",
    description: "The year in motion: new spots, music-driven films and CGI work from across the Calloway Artists roster.",
    autoplay: false,
    controls: true,
    poster: "/images/reels/reel-2021.jpg",
    thumb: "/images/reels/reel-2021.webp",
    sources: [
      { src: "/videos/reels/reel-2021/master.m3u8", type: "application/x-mpegURL" },
      { src: "/videos/reels/reel-2021.mp4", type: "video/mp4" },
    ],
    duration: 30,
    spots: [
      { start: 0, artist: "juno-adeyemi", client: "Citrine Cosmetics", title: "Golden Hour" },
      { start: 6, artist: "elias-fenwick", client: "Aerofield", title: "Split Second" },
      { start: 12, artist: "mira-castell", client: "Aeris Airways", title: "Home Before Dark" },
      { start: 18, artist: "parallax-foundry", client: "Kronwell Watches", title: "Movement No. 9" },
      { start: 24, artist: "lena-okoro-jonas-wilde", client: "Vireo Mobile", title: "Dead Zone" },
    ],
    uploadDate: "2021-12-09",
  },
] satisfies Reel[];
