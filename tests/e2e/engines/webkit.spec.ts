import { defineJourneys } from "./journeys.ts";
import { webkit } from "#tests/support/engines/webkit.ts";

// The visitor's journeys in WebKit, the engine of every iPhone (see engines/journeys.ts and engines/webkit.ts).
defineJourneys(webkit);
