/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

// Types loaders' data as Single Fetch serializes it (the v3_singleFetch flag in remix.config.js).
declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export {};
