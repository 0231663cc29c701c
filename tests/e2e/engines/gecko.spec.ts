import { defineJourneys } from "./journeys";
import { gecko } from "./gecko";

// The visitor's journeys in Firefox (see engines/journeys.ts and engines/gecko.ts).
defineJourneys(gecko);
