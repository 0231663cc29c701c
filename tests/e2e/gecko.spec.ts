import { defineJourneys } from "./engines/journeys";
import { gecko } from "./engines/gecko";

// The visitor's journeys in Firefox (see engines/journeys.ts and engines/gecko.ts).
defineJourneys(gecko);
