import { defineJourneys } from "./journeys.ts";
import { gecko } from "#tests/support/engines/gecko.ts";

// The visitor's journeys in Firefox (see engines/journeys.ts and engines/gecko.ts).
defineJourneys(gecko);
