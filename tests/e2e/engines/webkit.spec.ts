import { defineJourneys } from "./journeys";
import { webkit } from "./webkit";

// The visitor's journeys in WebKit, the engine of every iPhone (see engines/journeys.ts and engines/webkit.ts).
defineJourneys(webkit);
