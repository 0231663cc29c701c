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
    duration: 12,
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
    duration: 12,
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
    duration: 12,
    uploadDate: "2021-12-09",
  },
] satisfies Reel[];
