import { defineJourneys } from "./engines/journeys";
import { webkit } from "./engines/webkit";

// The visitor's journeys in WebKit, the engine of every iPhone (see engines/journeys.ts and engines/webkit.ts).
defineJourneys(webkit);
